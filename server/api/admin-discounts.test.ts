import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { discountAnswerSchema, discountListSchema, welcomeOfferAnswerSchema } from "../../core/schemas/admin-discounts";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { namedError } from "../../tests/support/errors";
import { commandLineActor } from "../audit/audit";
import { auditEvents } from "../db/schema";
import { changeStoreSettings } from "../store/settings";

let t: TestApp;
let manager: Record<string, string>;
let fulfilment: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "promotions");
  fulfilment = await tokenHeaders(t, "fulfilment", "packing bench");
  // The days are the shop's: its midnights are not UTC's.
  await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { timeZone: "America/Los_Angeles" });
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof discountAnswerSchema> & z.infer<typeof discountListSchema> & z.infer<typeof welcomeOfferAnswerSchema>> & {
  error?: string;
  field?: string;
};

const call = async (method: string, path: string, body?: unknown, headers = manager) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

const capped = {
  code: "Autumn20",
  type: "percentage",
  percentage: 20,
  max_discount_cents: 1500,
  max_redemptions: 50,
  starts_on: "2026-09-01",
  ends_on: "2099-11-30",
  minimum_subtotal_cents: 2000,
  once_per_customer: true,
};

describe("/api/admin/discounts", () => {
  it("creates, reads, lists and changes a code, each write in the audit trail", async () => {
    const created = await call("POST", "/api/admin/discounts", capped);
    expect(created.status).toBe(201);
    expect(created.body.discount).toMatchObject({
      code: "Autumn20",
      type: "percentage",
      percentage: 20,
      max_discount_cents: 1500,
      amount_cents: null,
      free_shipping: false,
      max_redemptions: 50,
      starts_on: "2026-09-01",
      ends_on: "2099-11-30",
      // Midnight in Los Angeles, summer time on 1 September and standard time on 1 December.
      starts_at: "2026-09-01T07:00:00.000Z",
      ends_at: "2099-12-01T08:00:00.000Z",
      minimum_subtotal_cents: 2000,
      once_per_customer: true,
      state: "active",
      used: 0,
      revenue_cents: 0,
    });
    const id = created.body.discount!.id;
    expect((await call("GET", `/api/admin/discounts/${id}`)).body.discount?.code).toBe("Autumn20");
    const list = await call("GET", "/api/admin/discounts");
    expect(list.body.discounts?.map((discount) => discount.code)).toContain("Autumn20");
    // The popup's template and the welcome codes sent from it are not the store's codes to edit here.
    expect(list.body.discounts?.some((discount) => discount.code.startsWith("WELCOME"))).toBe(false);

    const changed = await call("PUT", `/api/admin/discounts/${id}`, { ...capped, type: "fixed_amount", percentage: null, max_discount_cents: null, amount_cents: 700 });
    expect(changed.body.discount).toMatchObject({ type: "fixed_amount", amount_cents: 700, percentage: null, max_discount_cents: null });
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.entity, "discount")).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: "discount.update", entityId: String(id), actorLabel: "promotions" });
    expect(event.changes).toMatchObject({ amount_cents: { before: null, after: 700 }, percentage: { before: 20, after: null } });
  });

  it("pauses, resumes and ends a code; an ended one stays ended", async () => {
    const { body } = await call("POST", "/api/admin/discounts", { ...capped, code: "PAUSEME" });
    const status = (action: string) => call("POST", `/api/admin/discounts/${body.discount!.id}/status`, { action });
    expect((await status("pause")).body.discount?.state).toBe("paused");
    expect((await status("resume")).body.discount?.state).toBe("active");
    expect((await status("end")).body.discount?.state).toBe("ended");
    const again = await status("resume");
    expect([again.status, again.body.error]).toEqual([409, "An ended discount stays ended; make a new one"]);
    expect((await status("stop")).status).toBe(400);
  });

  it("refuses bad terms naming the field, a taken code in any case, and unknown ids", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ percentage: 0 }, "percentage: Percentage must be at least 1"],
      [{ percentage: 101 }, "percentage: Percentage must be at most 100"],
      [{ type: "fixed_amount" }, "percentage: Only a percentage code takes a percentage"],
      [{ max_discount_cents: 12.5 }, "max_discount_cents: Cap must be a whole number of cents"],
      [{ code: "no spaces" }, "code: Code may hold only letters, digits and single hyphens or underscores between them"],
      [{ ends_on: "2026-08-31" }, "ends_on: The last day must not come before the first"],
      [{ starts_on: "2026-02-30" }, "starts_on: Give a day such as 2026-12-01"],
      [{ starts_at: "2026-09-01T00:00:00Z" }, "starts_at: Give starts_on instead: a day of the shop's time zone such as 2026-12-01"],
      [{ max_redemptions: 0 }, "max_redemptions: Limit must be at least 1"],
    ];
    for (const [change, message] of cases) {
      const refused = await call("POST", "/api/admin/discounts", { ...capped, code: "REFUSED", ...change });
      expect([refused.status, namedError(refused.body)]).toEqual([400, message]);
    }
    const taken = await call("POST", "/api/admin/discounts", { ...capped, code: "autumn20" });
    expect([taken.status, taken.body.field]).toEqual([409, "code"]);
    expect((await call("GET", "/api/admin/discounts/99999")).status).toBe(404);
    expect((await call("PUT", "/api/admin/discounts/99999", capped)).status).toBe(404);
  });

  it("reads and sets the welcome popup's offer", async () => {
    expect((await call("GET", "/api/admin/discounts/welcome-offer")).body.welcome_offer).toMatchObject({ enabled: true, percentage: 10 });
    const off = await call("PUT", "/api/admin/discounts/welcome-offer", { enabled: false, percentage: 12 });
    expect(off.body.welcome_offer).toMatchObject({ enabled: false, percentage: 12 });
    expect((await call("PUT", "/api/admin/discounts/welcome-offer", { enabled: true, percentage: 0 })).status).toBe(400);
  });

  it("is the discounts permission's: fulfilment is refused, and nobody gets in unsigned", async () => {
    expect((await call("GET", "/api/admin/discounts", undefined, fulfilment)).status).toBe(403);
    expect((await call("POST", "/api/admin/discounts", capped, fulfilment)).status).toBe(403);
    expect((await call("GET", "/api/admin/discounts/welcome-offer", undefined, {})).status).toBe(401);
  });
});
