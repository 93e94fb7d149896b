import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SKU } from "../tests/support/checkout";
import { httpShopper } from "../tests/support/http-shopper";
import { startShopProcess, type ShopProcess } from "../tests/support/shop-process";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { stores } from "../server/db/schema";
import { recordPublicUrl } from "../server/store/public-url";
import { runCommandLine } from "./shop";

const run = promisify(execFile);

describe("npm run shop, with no shop running", () => {
  it("opens the configured database itself, and warns in production that mailed links need PUBLIC_URL", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-orders-cli-"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PORT", "8123");
    vi.stubEnv("PUBLIC_URL", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await runCommandLine(["orders", "list"])).toBe(0);
      expect(log).toHaveBeenCalledWith("No orders yet.");
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^PUBLIC_URL is not set: .* http:\/\/localhost:8123/));
    } finally {
      warn.mockRestore();
      log.mockRestore();
      vi.unstubAllEnvs();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("builds emailed links on the shop's own public address, whatever the command's environment says", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-public-url-cli-"));
    const shop = await openDatabase(path.join(dataDir, "db"));
    await shop.migrate();
    await shop.db.insert(stores).values({ id: "demo", name: "Demo" });
    // What the shop's start keeps of its configuration.
    await recordPublicUrl(shop.db, loadConfig({ STORE_ID: "demo", PUBLIC_URL: "https://shop.example" }));
    await shop.close();
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PUBLIC_URL", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await runCommandLine(["staff", "setup-link"])).toBe(0);
      expect(log).toHaveBeenCalledWith(expect.stringContaining("https://shop.example/admin/setup?token="));
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      log.mockRestore();
      vi.unstubAllEnvs();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("answers a line that is no command with the usage and exit code 2, touching nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runCommandLine(["ship-everything"])).toBe(2);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('Unknown command "ship-everything".'));
    } finally {
      error.mockRestore();
    }
  });
});

describe("npm run shop, beside a shop running on the embedded database", () => {
  let dataDir: string;
  let shop: ShopProcess;
  const environment = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" });
  /** The command line in a process of its own, as the owner types it. */
  const shopCommand = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/shop.ts", ...args], { env: environment() }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "storefront-beside-shop-"));
    shop = await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: "", STORE_ID: "demo", NODE_ENV: "test", PAYMENT_PROVIDER: "simulated" });
  });
  afterAll(async () => {
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("hands orders list, fulfil and show to the running shop, which goes on serving", async () => {
    expect(await httpShopper(shop.url)({ sku: SKU, priceCents: 1600 })).toBe(true);
    const listed = await shopCommand("orders", "list");
    expect(listed.code).toBe(0);
    const [, number] = /#(\d+)\s+paid/.exec(listed.stdout)!;

    const fulfilled = await shopCommand("orders", "fulfil", number);
    expect(fulfilled).toMatchObject({ code: 0, stdout: `Order #${number} is fulfilled.\n` });
    expect((await shopCommand("orders", "show", number)).stdout).toMatch(new RegExp(`#${number}\\s+fulfilled`));
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });

  it("passes on the shop's refusal with exit code 1, and a usage mistake with 2", async () => {
    expect(await shopCommand("orders", "show", "999999")).toMatchObject({ code: 1, stderr: "Order 999999 not found\n" });
    const usage = await shopCommand("orders", "ship");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown orders command "ship".');
  });
});
