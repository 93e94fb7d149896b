import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BUILD_DIR } from "../../playwright.config";
import { currentShop, expect, test } from "./fixtures";

/** Starts `npm start`'s script on the build the journeys use, and collects what it prints until it exits. */
function startShop(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "storefront-lifecycle-")),
      LOG_LEVEL: "info",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A port beside the worker's own shop's (reviews.spec.ts takes +1000), so no other worker's servers take it. */
const portBeside = (offset: number) => currentShop().port + offset;

test("an invalid environment variable stops start-up with one line naming it", async () => {
  const shop = startShop({ PORT: "eighty" });
  expect(await shop.exited).toBe(1);
  expect(shop.output().trim()).toMatch(/^Invalid environment variable PORT: .+$/);
});

test("an unreachable database stops start-up with a clear message and no stack trace", async () => {
  const shop = startShop({ PORT: String(portBeside(2000)), DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
  expect(await shop.exited).toBe(1);
  expect(shop.output()).toContain("Cannot connect to PostgreSQL at 127.0.0.1:1/nowhere");
  expect(shop.output()).not.toMatch(/\n\s+at /);
});

test("SIGTERM finishes the request in flight, refuses new ones, closes the database and exits 0; without PUBLIC_URL start-up warns about emailed links", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const port = portBeside(3000);
  const address = `http://127.0.0.1:${port}`;
  const shop = startShop({ PORT: String(port), PUBLIC_URL: "" });
  await expect
    .poll(async () => (await request.get(`${address}/readyz`).catch(() => null))?.status(), { timeout: 90_000 })
    .toBe(200);
  expect((await request.get(`${address}/healthz`)).status()).toBe(200);
  // A first start prints the owner's setup link and its log, and no notice the owner cannot act on.
  expect(shop.output()).toContain("Create the owner's account within 24 hours at:");
  expect(shop.output()).not.toMatch(/serveStatic|deprecated|Future Flag/i);
  const page = await request.get(`${address}/`);
  expect(page.status()).toBe(200);
  // Idle connections are kept longer than clients keep theirs, so no client reuses one as the shop closes it.
  expect(page.headers()["keep-alive"]).toBe("timeout=65");

  // A sign-in whose body is still on its way when the signal comes: the shop has its headers (it said 100 Continue).
  const body = JSON.stringify({ email: "nobody@example.com", password: "not the password", store_id: "demo" });
  const inFlight = http.request(`${address}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    inFlight.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    inFlight.on("error", reject);
  });
  await once(inFlight, "continue");
  inFlight.write(body.slice(0, 10));

  shop.child.kill("SIGTERM");
  await expect.poll(() => shop.output()).toContain('"msg":"draining in-flight requests"');
  await expect(fetch(`${address}/healthz`)).rejects.toThrow();

  inFlight.end(body.slice(10));
  expect(await answered).toEqual({ status: 401, text: expect.stringContaining('"error"') });
  expect(await shop.exited).toBe(0);
  expect(shop.output()).toContain('"msg":"stopped"');
  expect(shop.output()).toMatch(new RegExp(`"level":40,.*"msg":"PUBLIC_URL is not set: links in emails .* will point at http://localhost:${port}`));
});
