import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCommandLine } from "../../scripts/shop";
import { SKU } from "../../tests/support/checkout";
import { createTestApp } from "../../tests/support/app";
import { usingPostgres } from "../../tests/support/database";
import { httpShopper } from "../../tests/support/http-shopper";
import { startShopProcess, type ShopProcess } from "../../tests/support/shop-process";
import { backupCommand, pgDumpLine, pgRestoreLine } from "./backup";

const run = promisify(execFile);

/** The command line in a process of its own, as the owner types it, on the embedded database in `dataDir`. */
const shopCommand = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/shop.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" } }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

const shopEnvironment = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: "", STORE_ID: "demo", NODE_ENV: "test", PAYMENT_PROVIDER: "simulated" });

async function pictures(dataDir: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, "images"), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name))).sort();
}

// The embedded database is the same in both runs: the PostgreSQL run (tests/postgres-suite.ts) is for the tests below.
describe.skipIf(usingPostgres())("npm run shop -- backup and restore, on the embedded database", () => {
  let folder: string;
  let shop: ShopProcess;
  let restoredShop: ShopProcess | undefined;
  const live = () => path.join(folder, "live");
  const fresh = () => path.join(folder, "fresh");
  const backupFile = () => path.join(folder, "backups", "shop.tar.gz");

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "storefront-backup-"));
    shop = await startShopProcess(shopEnvironment(live()));
  });
  afterAll(async () => {
    await shop?.stop();
    await restoredShop?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("backs up the running shop, which restores into a fresh data folder and starts there with the same orders and pictures", async () => {
    expect(await httpShopper(shop.url)({ sku: SKU, priceCents: 1600 })).toBe(true);
    const orders = (await shopCommand(live(), "orders", "list")).stdout;
    const [, number] = /#(\d+)\s+paid/.exec(orders)!;

    const backup = await shopCommand(live(), "backup", backupFile());
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(new RegExp(`^Wrote ${backupFile()} \\(\\d+\\.\\d MB\\): 1 orders, \\d+ products, \\d+ pictures\\.\\n$`));
    // The shop went on serving; the file was written whole, under its own name only, in the folder it made.
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
    expect(await readdir(path.dirname(backupFile()))).toEqual(["shop.tar.gz"]);

    const restored = await shopCommand(fresh(), "restore", backupFile());
    expect(restored).toMatchObject({ code: 0, stderr: "" });
    expect(restored.stdout).toMatch(/: 1 orders, \d+ products, \d+ pictures\. Start the shop with DATA_DIR=/);
    const livePictures = await pictures(live());
    expect(livePictures.length).toBeGreaterThan(0);
    expect(await pictures(fresh())).toEqual(livePictures);

    restoredShop = await startShopProcess(shopEnvironment(fresh()));
    expect((await shopCommand(fresh(), "orders", "list")).stdout).toBe(orders);
    expect((await shopCommand(fresh(), "orders", "show", number)).stdout).toMatch(new RegExp(`#${number}\\s+paid`));
    const picture = livePictures.find((file) => file.endsWith(".webp"))!;
    const served = await fetch(`${restoredShop.url}/${picture}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("takes a backup that restores while shoppers check out, holding the orders paid before it", async () => {
    const paidBefore = Number(/: (\d+) orders/.exec((await shopCommand(live(), "backup", backupFile())).stdout)![1]);
    const during = path.join(folder, "backups", "during.tar.gz");
    const shopper = httpShopper(shop.url);
    const [backup, ...bought] = await Promise.all([
      shopCommand(live(), "backup", during),
      ...Array.from({ length: 4 }, () => shopper({ sku: SKU, priceCents: 1600 })),
    ]);
    expect(backup.stdout).toMatch(/^Wrote /);
    expect(bought).toEqual([true, true, true, true]);

    const restored = await shopCommand(path.join(folder, "during"), "restore", during);
    expect(restored.code).toBe(0);
    const orders = Number(/: (\d+) orders/.exec(restored.stdout)![1]);
    expect(orders).toBeGreaterThanOrEqual(paidBefore);
    expect(orders).toBeLessThanOrEqual(paidBefore + 4);
  });

  it("refuses to restore under a running shop, over a database without --force, and a file that is no backup", async () => {
    const underShop = await shopCommand(live(), "restore", backupFile());
    expect(underShop.code).toBe(1);
    expect(underShop.stderr).toContain(`The shop is running on ${live()}, so a backup cannot be restored into it. Stop the shop first`);
    expect(underShop.stderr).toContain("DATA_DIR=<new folder> npm run shop -- restore <file>");
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);

    const other = path.join(folder, "other");
    expect(await shopCommand(other, "restore", backupFile())).toMatchObject({ code: 0 });
    const again = await shopCommand(other, "restore", backupFile());
    expect(again).toMatchObject({ code: 1, stderr: `${other} already has a database. Restore into an empty DATA_DIR, or add --force to replace its database and pictures with the backup's.\n` });
    expect((await shopCommand(other, "restore", backupFile(), "--force")).stdout).toMatch(/^Restored .*: 1 orders/);

    const notBackup = path.join(folder, "notes.txt");
    await writeFile(notBackup, "not a backup");
    const refused = await shopCommand(path.join(folder, "never"), "restore", notBackup);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${notBackup} is not a backup of this shop`);

    expect((await shopCommand(other, "restore")).code).toBe(2);
    expect((await shopCommand(other, "restore", backupFile(), "--overwrite")).stderr).toContain("Unknown option --overwrite.");
  });
});

describe("npm run shop -- backup and restore, on PostgreSQL", () => {
  it("prints the pg_restore line instead of restoring, touching no database", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runCommandLine(["restore", "shop.dump"])).toBe(1);
      expect(error).toHaveBeenCalledWith(expect.stringContaining(pgRestoreLine(path.resolve("shop.dump"))));
    } finally {
      error.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it.runIf(usingPostgres())("prints the pg_dump line instead of pretending to back up", async () => {
    const t = await createTestApp();
    try {
      await expect(backupCommand(t.deps, "demo", ["shop.dump"])).rejects.toThrow(pgDumpLine(path.resolve("shop.dump")));
    } finally {
      await t.database.dispose();
    }
  });
});
