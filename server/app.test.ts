import { sql } from "drizzle-orm";
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

  it("is alive and ready on a migrated database", async () => {
    const alive = await shop.call("GET", "/healthz");
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    const ready = await shop.call("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("is not ready while migrations are missing", async () => {
    const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const found = await shop.deps.db.execute(sql`select created_at, hash from drizzle.__drizzle_migrations where created_at = ${latest}`);
    const [forgotten] = (found as { rows: { created_at: string; hash: string }[] }).rows;
    await shop.deps.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest}`);
    try {
      const response = await shop.call("GET", "/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "migrations not applied", pending: 1 });
      expect((await shop.call("GET", "/healthz")).status).toBe(200);
    } finally {
      await shop.deps.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${forgotten.hash}, ${forgotten.created_at})`,
      );
    }
    expect((await shop.call("GET", "/readyz")).status).toBe(200);
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

  it("stays alive but turns unready when the database goes away", async () => {
    await shop.database.close();
    const response = await shop.call("GET", "/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", reason: "database unreachable" });
    expect((await shop.call("GET", "/healthz")).status).toBe(200);
  });
});
