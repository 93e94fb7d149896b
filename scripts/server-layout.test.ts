import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** The layout check `npm run lint` runs, on the tree as it is on disk: its exit status and what it printed. */
async function layoutCheck(): Promise<{ failed: boolean; printed: string }> {
  try {
    const { stdout } = await run("node_modules/.bin/depcruise", ["server", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]);
    return { failed: false, printed: stdout };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, printed: stdout + stderr };
  }
}

// A probe is a real file for the run of one test: the check reads the tree from disk.
const probe = `server/store/layout-probe-${process.pid}.ts`;
afterEach(() => rm(probe, { force: true }));

describe("the server's layout check (decision 0051)", () => {
  it("refuses an import that closes a circle of folders, naming the circle", async () => {
    // The catalogue reads the store's settings, so the store importing the catalogue closes a circle.
    await writeFile(probe, 'import { ON_SALE_STATUS } from "../catalog/products";\nexport const probe = ON_SALE_STATUS;\n');
    const { failed, printed } = await layoutCheck();
    expect(failed).toBe(true);
    expect(printed).toContain("no-folder-cycle-in-server");
    expect(printed).toMatch(/server\/store →\s+server\/catalog/);
  });

  it("refuses a domain's import of the files that compose the shop", async () => {
    await writeFile(probe, 'import type { createDeps } from "../deps";\nexport type Probe = typeof createDeps;\n');
    const { failed, printed } = await layoutCheck();
    expect(failed).toBe(true);
    expect(printed).toContain("no-import-of-the-composition");
  });

  it("lets a domain import a floor below it", async () => {
    await writeFile(probe, 'import { recordAudit } from "../audit/audit";\nexport const probe = recordAudit;\n');
    expect(await layoutCheck()).toMatchObject({ failed: false });
  });
});
