/**
 * Hostile input over every API operation the OpenAPI document lists (generated from the operations' definitions, so
 * a new operation is fuzzed as soon as it is defined; openapi.test.ts keeps the document equal to the registered
 * routes), the shop's as a shopper and the back office's as the signed-in owner (a browser's same-origin request),
 * plus the static page data and page form posts. Two passes, both read from the document: every field of every JSON
 * body, query and nested list, one at a time, set to a NUL, an unpaired surrogate, a 60 KB string or a wrong type
 * inside an otherwise valid request, so each reaches the code behind validation; then random requests: malformed
 * JSON, wrong types, prototype-pollution keys, oversized bodies, hostile cookies. No answer may be a 5xx, and nothing
 * planted as customer data in a request may reach the log. Page addresses themselves are rendered only by a build:
 * tests/e2e/bad-input.spec.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { captureLogs } from "../../tests/support/log-capture";
import { createStaff } from "../staff/accounts";
import { commandLineActor } from "../audit/audit";
import { createStaffSession, STAFF_SESSION_COOKIE } from "../staff/sessions";
import { setTotpRequired } from "../staff/totp";

const RUNS = 1500;
/** Customer data every generated request may carry; the log must never show it. */
const PLANTED = ["Plantedname Customer", "planted.customer@example.com", "+1 555 0100 7788", "Planted message text"];
const PLANTED_PATTERN = /planted|555 0100 7788/i;
const KB = 1024;

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

type Parameter = { name: string; in: string; schema?: JsonSchema };

/** An operation as the document describes it. */
type ApiOperation = {
  method: string;
  path: string;
  body?: JsonSchema;
  query: Parameter[];
  params: Parameter[];
};

type DocumentOperation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

type ApiDocument = { paths: Record<string, Record<string, DocumentOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

function operationsOf(paths: ApiDocument["paths"]): ApiOperation[] {
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method,
      path,
      body: operation.requestBody?.content["application/json"]?.schema,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === "query"),
      params: (operation.parameters ?? []).filter((parameter) => parameter.in === "path"),
    })),
  );
}

/** The document's named schemas, which bodies refer to by `$ref`. */
let components: Record<string, JsonSchema> = {};
const resolved = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolved(components[schema.$ref.replace("#/components/schemas/", "")] ?? {}) : schema;
const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
/** The variants a value may take, null left out: a field that may be null is fuzzed as what it is when it is not. */
const variantsOf = (schema: JsonSchema) =>
  (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).map(resolved).filter((variant) => typesOf(variant).join() !== "null");

/** A value the schema accepts, as far as the document says (refinements it cannot say may still refuse it). */
function validValue(input: JsonSchema, depth = 0): unknown {
  const schema = resolved(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = variantsOf(schema);
  if (variants.length > 0) return validValue(variants[0], depth + 1);
  const type = typesOf(schema).find((name) => name !== "null") ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "string":
      return validText(schema);
    case "integer":
    case "number":
      return Math.min(Math.max(1, schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      // Off is the safe side of every switch (two-step sign-in required, a message marked spam).
      return false;
    case "array":
      return depth > 6 || !schema.items ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => validValue(schema.items!, depth + 1));
    case "object":
      return depth > 6 ? {} : requiredFields(schema, depth);
    default:
      return typesOf(schema).includes("null") ? null : "fuzz";
  }
}

function validText(schema: JsonSchema): string {
  const fits = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
  if (schema.format === "email") return "fuzz@example.com";
  if (schema.format === "uri" || schema.format === "url") return "https://example.com/fuzz";
  if (schema.format === "date-time") return "2030-01-01T00:00:00.000Z";
  if (schema.format === "date") return "2030-01-01";
  if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)).filter(fits), { numRuns: 1, seed: 31 })[0];
  return "Fuzzed text".padEnd(schema.minLength ?? 0, "x").slice(0, schema.maxLength ?? Infinity);
}

const requiredFields = (schema: JsonSchema, depth: number, except?: string): Record<string, unknown> =>
  Object.fromEntries(
    (schema.required ?? []).filter((key) => key !== except && schema.properties?.[key]).map((key) => [key, validValue(schema.properties![key], depth + 1)]),
  );

/** A field of a body: its dotted path, whether it holds text, and the body with a value of our choosing put there. */
type Field = { path: string; text: boolean; bodyWith(value: unknown): unknown };

/** Every field of the schema, nested objects and list items included, each inside the smallest valid body around it. */
function fieldsOf(input: JsonSchema, depth = 0): Field[] {
  if (depth > 6) return [];
  const schema = resolved(input);
  const variants = variantsOf(schema);
  if (variants.length > 0) return variants.flatMap((variant) => fieldsOf(variant, depth + 1));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, property]) =>
      fieldsOf(property, depth + 1).map((field) => ({
        path: field.path ? `${key}.${field.path}` : key,
        text: field.text,
        bodyWith: (value: unknown) => ({ ...requiredFields(schema, depth, key), [key]: field.bodyWith(value) }),
      })),
    );
  }
  if (typesOf(schema).includes("array") && schema.items) {
    return fieldsOf(schema.items, depth + 1).map((field) => ({
      path: field.path ? `0.${field.path}` : "0",
      text: field.text,
      bodyWith: (value: unknown) => [field.bodyWith(value)],
    }));
  }
  const text = typesOf(schema).includes("string") || (schema.enum ?? []).some((value) => typeof value === "string");
  return [{ path: "", text, bodyWith: (value) => value }];
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
function shaped(input: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!input || depth > 4) return hostileValue;
  const schema = resolved(input);
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
  const fields = Object.fromEntries([...op.query.map((parameter) => parameter.name), "stray"].map((name) => [name, hostileString]));
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
      body: op.method === "get" ? fc.constant(undefined) : bodyFor(op),
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

/** Hostile text for every field that takes text: a NUL, unpaired surrogates of both halves, a string near the body limit. */
const HOSTILE_TEXT = ["a\u0000b", "a\ud800b", "\udc00", "x".repeat(60 * KB)];
/** A wrong type for every field: a list where text belongs, text (with a NUL) where anything else does. */
const wrongType = (text: boolean): unknown => (text ? ["x"] : "a\u0000b");

/** The operation's address with each path parameter valid as the document describes it. */
const addressOf = (op: ApiOperation) =>
  op.params.reduce((path, parameter) => path.replace(`{${parameter.name}}`, encode(String(validValue(parameter.schema ?? {})))), op.path);

/** Every field of every JSON body and every query parameter of `op`, each set to each hostile value in turn. */
function fieldCases(op: ApiOperation): (Case & { field: string })[] {
  const method = op.method.toUpperCase();
  const address = addressOf(op);
  const headers = { "content-type": "application/json", store_id: "demo" };
  const bodies = op.body
    ? fieldsOf(op.body).flatMap((field) =>
        [...(field.text ? HOSTILE_TEXT : []), wrongType(field.text)].map((value) => ({
          method,
          path: address,
          body: JSON.stringify(field.bodyWith(value)),
          headers,
          field: field.path || "(body)",
        })),
      )
    : [];
  const queries = op.query.flatMap((parameter) =>
    HOSTILE_TEXT.map((value) => ({
      method,
      path: `${address}?${new URLSearchParams({ [parameter.name]: value })}`,
      headers,
      field: `?${parameter.name}`,
    })),
  );
  return [...bodies, ...queries];
}

describe("hostile input over every API route", () => {
  let t: TestApp;
  let operations: ApiOperation[];
  let owner: { id: number };
  let ownerCookie: string;

  /** The owner's browser session, signed in anew whenever a fuzzed request signed it out or locked it. */
  async function signInOwner() {
    const { token } = await createStaffSession(t.deps.db, t.deps.storeId, owner.id, undefined);
    ownerCookie = `${STAFF_SESSION_COOKIE}=${token}`;
  }

  /** Sends the case, the back office's as the owner's same-origin browser request; the answer's status and text. */
  async function send(request: Case) {
    const admin = request.path.startsWith("/api/admin/");
    const headers = admin
      ? { ...request.headers, origin: "http://localhost", cookie: [ownerCookie, request.headers.cookie].filter(Boolean).join("; ") }
      : request.headers;
    const response = await t.call(request.method, request.path, request.body, headers);
    const text = await response.text();
    // Fuzzing signs the owner out (logout), requires two-step sign-in of staff: both leave the owner unable to act.
    if (admin && (response.status === 401 || response.status === 403)) {
      await setTotpRequired(t.deps.db, commandLineActor(t.deps.storeId), false);
      await signInOwner();
    }
    return { status: response.status, text };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await (await t.call("GET", "/api/openapi.json")).json()) as ApiDocument;
    components = document.components?.schemas ?? {};
    operations = operationsOf(document.paths).filter((op) => op.path.startsWith("/api/"));
    owner = await createStaff(t.deps.db, commandLineActor(t.deps.storeId), {
      email: "owner@example.com",
      name: "Fuzz Owner",
      password: "a long owner passphrase",
      role: "owner",
    });
    await signInOwner();
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  it("answers every hostile field of every operation's body and query, inside an otherwise valid request, without a 5xx", async () => {
    expect(operations.filter((op) => op.path.startsWith("/api/admin/")).length).toBeGreaterThan(30);
    const cases = operations.flatMap(fieldCases);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const request of cases) {
      const { status, text } = await send(request);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status >= 500) failures.push(`${request.method} ${request.path.slice(0, 80)} ${request.field} -> ${status} ${text.slice(0, 120)}`);
    }
    console.info(`fuzz: ${cases.length} one-field requests over ${operations.length} API operations; statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
  }, 240_000);

  it(`answers ${RUNS} random hostile requests without a 5xx and logs none of the customer data they carry`, async () => {
    const anyCase = fc.oneof({ weight: 9, arbitrary: fc.oneof(...operations.map(apiCase)) }, { weight: 1, arbitrary: otherCases });
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const { output } = await captureLogs(() =>
      fc.assert(
        fc.asyncProperty(anyCase, async (request) => {
          const { status, text } = await send(request);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 500) failures.push(`${request.method} ${request.path.slice(0, 120)} ${request.body?.slice(0, 160)} -> ${status} ${text}`);
          return true;
        }),
        { numRuns: RUNS },
      ),
    );
    console.info(`fuzz: ${RUNS} random requests over ${operations.length} API operations; statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const leak = PLANTED_PATTERN.exec(output);
    expect(leak && output.slice(Math.max(0, leak.index - 400), leak.index + 100)).toBeNull();
  }, 120_000);
});
