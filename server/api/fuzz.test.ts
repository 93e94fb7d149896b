/**
 * Hostile input over every API operation the OpenAPI document lists (generated from the operations' definitions, so
 * a new operation is fuzzed as soon as it is defined; openapi.test.ts keeps the document equal to the registered
 * routes), plus the static page data
 * and page form posts: malformed JSON, wrong types, NUL characters and unpaired surrogates, 60 KB strings,
 * prototype-pollution keys, oversized bodies. No answer may be a 5xx, and nothing planted as customer data in a
 * request may reach the log. Page addresses themselves are rendered only by a build: tests/e2e/bad-input.spec.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { captureLogs } from "../../tests/support/log-capture";

const RUNS = 1500;
/** Customer data every generated request may carry; the log must never show it. */
const PLANTED = ["Plantedname Customer", "planted.customer@example.com", "+1 555 0100 7788", "Planted message text"];
const PLANTED_PATTERN = /planted|555 0100 7788/i;
const KB = 1024;

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/** An operation as the document describes it. */
type ApiOperation = {
  method: string;
  path: string;
  body?: JsonSchema;
  query: string[];
};

type DocumentOperation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

function operationsOf(paths: Record<string, Record<string, DocumentOperation>>): ApiOperation[] {
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      path,
      body: operation.requestBody?.content["application/json"]?.schema,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
    })),
  );
}

/** Hostile text for names (handles, codes, page names), which the request log shows: never planted customer data. */
const hostileName = fc.oneof(
  fc.constantFrom("", "demo", "standard", "US", "CA", "a\u0000b", "\u0000", "\ud800", "x\udc00y", "😀\ud83d", "%00", "../../etc/passwd"),
  fc.string({ unit: "binary", maxLength: 40 }),
);

const hostileString = fc.oneof(
  hostileName,
  fc.constantFrom(...PLANTED),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("\u0000", "\ud800", "\udfff", "a", "é"), maxLength: 20 }),
  fc.constant("x".repeat(60 * KB)),
  fc.constant(`${PLANTED[3]} ${"y".repeat(60 * KB)}`),
);

const hostileScalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, -0, 2 ** 53, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString.filter((key) => key.length < 50), hostileScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values shaped like the schema (its keys, nested objects, lists) with hostile leaves, so validation is passed more often. */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => shaped(variant, depth + 1)), hostileValue);
  if (schema.properties) {
    const fields = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, shaped(value, depth + 1)]));
    return fc.oneof({ weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) }, { weight: 1, arbitrary: hostileValue });
  }
  if (schema.type === "array" && schema.items) {
    return fc.oneof(fc.array(shaped(schema.items, depth + 1), { maxLength: 3 }), hostileValue);
  }
  return hostileValue;
}

const POLLUTION = ['"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}', '"prototype":{"polluted":true}'];

/** A body as text: the shaped JSON, with pollution keys spliced in, malformed JSON, or more than the limit. */
function bodyFor(op: ApiOperation): fc.Arbitrary<string> {
  const json = shaped(op.body).map((value) => JSON.stringify(value) ?? "null");
  return fc.oneof(
    { weight: 6, arbitrary: json },
    {
      weight: 2,
      arbitrary: fc.tuple(json, fc.subarray(POLLUTION, { minLength: 1 })).map(([text, keys]) =>
        text.startsWith("{") && text !== "{}" ? `{${keys.join(",")},${text.slice(1)}` : `{${keys.join(",")}}`,
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom("{", "[1,", "nul", '{"a":1}}', '"\\ud800"', "{\"a\":\"\u0000\"}", "\u0000", "") },
    { weight: 1, arbitrary: fc.constant(`{"message":"${PLANTED[3]} ${"z".repeat(70 * KB)}"}`) },
  );
}

/** Query values: the operation's own parameters, named as the handler reads them, plus a stray one. */
function queryFor(op: ApiOperation): fc.Arbitrary<Record<string, string>> {
  const fields = Object.fromEntries([...op.query, "stray"].map((name) => [name, hostileString]));
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
}

const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
);

const cookie = fc.option(
  fc.tuple(fc.constantFrom("shop_cart", "shop_session", "shop_analytics", "cart", "staff_session"), hostileString.filter((s) => s.length < 200)),
  { nil: undefined },
);

/** Addresses and cookies carry UTF-8, in which an unpaired surrogate has no encoding (it arrives as U+FFFD). */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));

type Case = { method: string; path: string; body?: string; headers: Record<string, string> };

function apiCase(op: ApiOperation): fc.Arbitrary<Case> {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return fc
    .record({
      params: fc.tuple(...pathParams.map(() => hostileName.filter((s) => s.length > 0))),
      query: queryFor(op),
      body: op.method === "post" ? bodyFor(op) : fc.constant(undefined),
      type: contentType,
      cookie,
    })
    .map(({ params, query, body, type, cookie: jar }) => {
      let path = op.path;
      pathParams.forEach((name, index) => (path = path.replace(`{${name}}`, encode(params[index] as string))));
      const search = new URLSearchParams(query).toString();
      const headers: Record<string, string> = { "content-type": type, store_id: "demo" };
      if (jar) headers.cookie = `${jar[0]}=${encode(jar[1])}`;
      return { method: op.method.toUpperCase(), path: search ? `${path}?${search}` : path, body, headers };
    });
}

/** The static page data and the pages' form posts, which answer before any page is rendered when refused. */
const otherCases: fc.Arbitrary<Case> = fc.oneof(
  hostileName.map((name) => ({ method: "GET", path: `/data/${encode(name)}.json`, headers: {} })),
  fc
    .tuple(fc.constantFrom("/login", "/signup", "/forgot-password", "/reset-password", "/profile", "/contact"), fc.nat(200))
    .map(([path, kb]) => ({
      method: "POST",
      path,
      body: `email=${encodeURIComponent(PLANTED[1])}&padding=${"p".repeat((65 + kb) * KB)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })),
);

describe("hostile input over every API route", () => {
  let t: TestApp;
  let operations: ApiOperation[];
  beforeAll(async () => {
    t = await createTestApp();
    const document = (await (await t.call("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, DocumentOperation>> };
    operations = operationsOf(document.paths).filter((op) => op.path.startsWith("/api/"));
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it(`answers ${RUNS} hostile requests without a 5xx and logs none of the customer data they carry`, async () => {
    expect(operations.length).toBeGreaterThan(30);
    const anyCase = fc.oneof({ weight: 9, arbitrary: fc.oneof(...operations.map(apiCase)) }, { weight: 1, arbitrary: otherCases });
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const { output } = await captureLogs(() =>
      fc.assert(
        fc.asyncProperty(anyCase, async (request) => {
          const response = await t.call(request.method, request.path, request.body, request.headers);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const text = await response.text();
          if (response.status >= 500) {
            failures.push(`${request.method} ${request.path.slice(0, 120)} ${request.body?.slice(0, 160)} -> ${response.status} ${text}`);
          }
          return true;
        }),
        { numRuns: RUNS },
      ),
    );
    console.info(`fuzz: ${RUNS} requests over ${operations.length} API operations; statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const leak = PLANTED_PATTERN.exec(output);
    expect(leak && output.slice(Math.max(0, leak.index - 400), leak.index + 100)).toBeNull();
  }, 120_000);
});
