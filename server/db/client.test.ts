import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe.skipIf(process.env.TEST_DB === "postgres")("the embedded database folder", () => {
  it("refuses a second process while the first holds it, and opens again once it is closed", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "storefront-lock-"));
    const first = await openDatabase(folder);
    await expect(openDatabaseInChild(folder)).resolves.toContain("is in use by another process");
    await first.close();
    await expect(openDatabaseInChild(folder)).resolves.toBe("opened");
  });

  it("takes over a lock left by a process that died", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "storefront-lock-"));
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(folder, "storefront.lock"), "999999");
    const database = await openDatabase(folder);
    await database.close();
  });
});

/** Opens the folder from another Node process, as the owner's commands would beside a running shop. */
function openDatabaseInChild(folder: string): Promise<string> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(path.resolve("server/db/client.ts"))});
    try { const db = await openDatabase(${JSON.stringify(folder)}); await db.close(); console.log("opened"); }
    catch (error) { console.log(error.message); }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", () => resolve(output.trim()));
  });
}
