import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
};

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  doc = (await res.json()) as Document;
});

afterAll(async () => {
  await t.database.dispose();
});

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

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
    const documented = new Set(
      Object.entries(doc.paths)
        .filter(([path]) => path.startsWith("/api/"))
        .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`)),
    );
    expect(registered.size).toBeGreaterThan(30);
    expect([...registered].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !registered.has(key))).toEqual([]);
  });

  it("documents the static page data outside /api", () => {
    expect(doc.paths["/data/{pagename}.json"]?.get).toBeDefined();
  });

  it("generates request bodies from the handlers' zod schemas", () => {
    const schema = doc.paths["/api/search/keyword-search"].post.requestBody?.content["application/json"].schema;
    expect(schema?.required).toEqual(expect.arrayContaining(["store_id", "query"]));
  });
});
