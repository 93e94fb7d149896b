import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../tests/support/app";

describe("the HTTP application", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => {
    await shop.database.dispose();
  });

  it("reports a healthy database", async () => {
    const response = await shop.call("GET", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await shop.call("GET", "/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  it("refuses API bodies over 64 KB", async () => {
    const response = await shop.call("POST", "/api/no-such-thing", { padding: "x".repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Request body is larger than 64 KB" });
  });

  it("tags every response with a request id", async () => {
    const response = await shop.call("GET", "/healthz", undefined, { "x-request-id": "abc-123" });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
  });

  it("turns unhealthy when the database goes away", async () => {
    await shop.database.close();
    const response = await shop.call("GET", "/healthz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", db: "unavailable" });
  });
});
