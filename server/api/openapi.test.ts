import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";

type Response = { content?: Record<string, { schema: { $ref?: string } }> };
type Operation = {
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, Response>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  doc = (await res.json()) as Document;
});

afterAll(async () => {
  await t.database.dispose();
});

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
/** No content, a form post's redirect, a revalidated answer. */
const WITHOUT_BODY = new Set(["204", "303", "304"]);

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ key: `${method} ${path}`, method, path, operation })),
  );

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document", () => {
    expect(doc.openapi).toBe("3.1.0");
  });

  it("lists exactly the API routes the app registers", () => {
    const registered = new Set(
      t.app.routes
        // Middleware and the /api/* catch-all are registered as ALL; every endpoint has a concrete method.
        .filter((route) => route.path.startsWith("/api/") && METHODS.has(route.method.toLowerCase()))
        .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(operations().filter(({ path }) => path.startsWith("/api/")).map(({ key }) => key));
    expect(registered.size).toBeGreaterThan(30);
    expect([...registered].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !registered.has(key))).toEqual([]);
  });

  it("documents the static page data outside /api, whose route takes the rest of the path as the page's name", () => {
    expect(doc.paths["/data/{pagename}.json"]?.get).toBeDefined();
    expect(t.app.routes.some((route) => route.method === "GET" && route.path === "/data/*")).toBe(true);
  });

  it("declares request bodies with the schemas the handlers validate with", () => {
    const schema = doc.paths["/api/search/keyword-search"].post.requestBody?.content["application/json"].schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["store_id", "query"]));
  });

  it("declares a JSON schema for every answer with a body but a download, and the one Error shape for every error", () => {
    for (const { key, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.filter((status) => status.startsWith("2")), key).not.toEqual([]);
      expect(statuses, key).toEqual(expect.arrayContaining(["500", "503"]));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (WITHOUT_BODY.has(status)) continue;
        // A download declares its own media type (the orders desk's CSV export, an invoice's PDF), never an error's.
        if (Number(status) < 300 && (response.content?.["text/csv"] || response.content?.["application/pdf"])) continue;
        const schema = response.content?.["application/json"]?.schema;
        expect(schema, `${key} ${status}`).toBeDefined();
        if (Number(status) >= 400) expect(schema, `${key} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });
});
