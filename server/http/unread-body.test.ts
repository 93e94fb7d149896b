/**
 * A body refused before it was read, over a real @hono/node-server listening on a port and Node's fetch, which keeps
 * its connections alive: each body limit's 413 (the app's 64 KB, the import's 20 MB, the picture upload's 100 MB)
 * says `Connection: close`, and the client's next request, which would otherwise go out on the connection the server
 * cuts, succeeds every time.
 */
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TOO_LARGE_MESSAGE } from "../../core/pictures";
import { IMPORT_TOO_LARGE_MESSAGE } from "../../core/schemas/admin-imports";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { products } from "../db/schema";
import { BODY_TOO_LARGE_MESSAGE } from "../edge/body-limits";

const KB = 1024;
const MB = 1024 * KB;

let t: TestApp;
let server: Server;
let origin: string;
let manager: Record<string, string>;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager");
  [{ id: productId }] = await t.deps.db.select({ id: products.id }).from(products).limit(1);
  origin = await new Promise<string>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(`http://127.0.0.1:${info.port}`)) as Server;
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.database.dispose();
});

/** Posts `bytes` refused by a limit, then asks /healthz as the next request: what each answered, or how it failed. */
async function refusedThenNext(path: string, bytes: number, headers: Record<string, string>) {
  const refused = await fetch(`${origin}${path}`, { method: "POST", body: new Uint8Array(bytes), headers });
  const answer = { status: refused.status, connection: refused.headers.get("connection"), body: await refused.json() };
  const next = await fetch(`${origin}/healthz`).then(
    (response) => response.status,
    (error: Error) => `${error.message}: ${(error.cause as Error | undefined)?.message}`,
  );
  return { ...answer, next };
}

describe("a body refused unread", () => {
  it.each([512 * KB, 2 * MB])("over the app's 64 KB (%i bytes) closes its connection, and the next request succeeds, 10 of 10", async (bytes) => {
    for (let round = 0; round < 10; round++) {
      expect(await refusedThenNext("/api/cart-items", bytes, { "content-type": "application/json" })).toEqual({
        status: 413,
        connection: "close",
        body: { error: BODY_TOO_LARGE_MESSAGE },
        next: 200,
      });
    }
  });

  it("over the import's 20 MB closes its connection, and the next request succeeds, 10 of 10", async () => {
    for (let round = 0; round < 10; round++) {
      expect(await refusedThenNext("/api/admin/products/import?dry_run=true", 21 * MB, { ...manager, "content-type": "text/csv" })).toEqual({
        status: 413,
        connection: "close",
        body: { error: IMPORT_TOO_LARGE_MESSAGE },
        next: 200,
      });
    }
  });

  it("over the picture upload's 100 MB closes its connection, and the next request succeeds", async () => {
    const headers = { ...manager, "content-type": "multipart/form-data; boundary=x" };
    for (let round = 0; round < 3; round++) {
      expect(await refusedThenNext(`/api/admin/products/${productId}/pictures`, 101 * MB, headers)).toEqual({
        status: 413,
        connection: "close",
        body: { error: UPLOAD_TOO_LARGE_MESSAGE },
        next: 200,
      });
    }
  });
});
