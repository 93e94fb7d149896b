import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { commandLineActor } from "../audit/audit";
import { createDraft, markPaid } from "../drafts/drafts";
import { CommandUsageError } from "./usage-error";
import { draftsCommand } from "./drafts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.dispose();
});

const run = (...args: string[]) => draftsCommand(t.deps, "demo", args);

describe("npm run shop -- drafts", () => {
  it("lists the drafts, open and paid with the order each became", async () => {
    expect(await run("list")).toBe("No draft orders yet.");
    const actor = commandLineActor("demo");
    const input = {
      email: "deli@example.com",
      customerName: "Deli Dan",
      address: { name: null, line1: "3 Pier St", line2: null, city: "Portland", state: "OR", postal_code: "97201", country: "US" },
      shippingOptionKey: "standard",
      shippingCentsOverride: 0,
      lines: [{ sku: "CHAM-50G", quantity: 2, unitPriceCents: null }],
      discount: null,
    };
    const open = await createDraft(t.deps, "demo", actor, input);
    const paid = await markPaid(t.deps, "demo", actor, (await createDraft(t.deps, "demo", actor, { ...input, email: "cash@example.com" })).id, { paid_with: "cash", note: "" });
    const lines = (await run("list")).split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^Draft D${paid.id}\\s+paid → order #${paid.number}\\s+\\$20\\.00  Deli Dan <cash@example.com>$`));
    expect(lines[1]).toMatch(new RegExp(`^Draft D${open.id}\\s+open\\s+\\$20\\.00  Deli Dan <deli@example.com>$`));
    await expect(run("show")).rejects.toBeInstanceOf(CommandUsageError);
  });
});
