import { addDays, addWeeks } from "date-fns";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  deliveryPlanSchema,
  subscriptionAnswerSchema,
  subscriptionFiguresSchema,
  subscriptionPageSchema,
} from "../../core/schemas/admin-subscriptions";
import { dayRange, shopDate } from "../../core/shop-time";
import { adminApi } from "../../tests/support/api-tokens";
import { subscribedBy } from "../../tests/support/checkout";
import { commandLineActor } from "../audit/audit";
import { auditEvents, mailOutbox, subscriptions, variants } from "../db/schema";
import { changeStoreSettings } from "../store/settings";
import { DEMO } from "../db/seed";

const api = adminApi();
const { sku: BLEND } = DEMO.subscriptions.houseBlend;
/** Days and midnights of the shop's zone, which is not UTC's (decision 0068). */
const ZONE = "America/Los_Angeles";

/** As the packing bench's script: fulfilment staff run the desk as they run the orders. */
const call = (method: string, path: string, body?: unknown) => api.call(method, path, body, api.fulfilment);

const mailsTo = (email: string) =>
  api.t.deps.db.select({ kind: mailOutbox.kind, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));

const ROUTES = [
  ["GET", "/api/admin/subscriptions"],
  ["GET", "/api/admin/subscriptions.csv"],
  ["GET", "/api/admin/subscriptions/figures"],
  ["GET", "/api/admin/subscriptions/plan"],
  ["GET", "/api/admin/subscriptions/plan.csv"],
  ["GET", "/api/admin/subscriptions/1"],
  ["POST", "/api/admin/subscriptions/1/skip"],
  ["POST", "/api/admin/subscriptions/1/pause"],
  ["POST", "/api/admin/subscriptions/1/resume"],
  ["POST", "/api/admin/subscriptions/1/cancel"],
] as const;

let sue: typeof subscriptions.$inferSelect;
let tom: typeof subscriptions.$inferSelect;
beforeAll(async () => {
  await api.t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, BLEND));
  await changeStoreSettings(api.t.deps.db, commandLineActor(api.t.deps.storeId), { timeZone: ZONE });
  sue = await subscribedBy(api.t, "sue@example.com", { name: "Sue Scriber" });
  tom = await subscribedBy(api.t, "tom@example.com", { name: "Tom Tally" });
});

describe("/api/admin/subscriptions", () => {
  it("answers 401 without a token or with one the shop never gave, on every route", async () => {
    for (const [method, path] of ROUTES) {
      for (const headers of [{}, { authorization: "Bearer sk_admin_not-a-token" }] as Record<string, string>[]) {
        const response = await api.t.call(method, path, method === "POST" ? {} : undefined, headers);
        expect({ path, status: response.status }).toEqual({ path, status: 401 });
      }
    }
  });

  it("is declared in the OpenAPI document under the orders permission, every route", async () => {
    const doc = (await (await api.t.call("GET", "/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    for (const [method, path] of ROUTES) {
      const documented = path.replace(/\/1(?=\/|$)/, "/{id}");
      expect(doc.paths[documented]?.[method.toLowerCase()]?.responses[403]?.description, `${method} ${documented}`).toMatch(/\(orders\)$/);
    }
  });

  it("lists by status and search, names bad filters, and exports the list as CSV", async () => {
    const all = await call("GET", "/api/admin/subscriptions");
    subscriptionPageSchema.parse(all.body);
    expect(all.body).toMatchObject({
      subscriptions: [
        { id: tom.id, status: "active", customer_name: "Tom Tally", plan: "every 2 weeks", items: `2 × ${BLEND}` },
        { id: sue.id, email: "sue@example.com" },
      ],
      next_cursor: null,
    });
    expect((await call("GET", "/api/admin/subscriptions?q=SCRIBER")).body.subscriptions).toMatchObject([{ id: sue.id }]);
    expect((await call("GET", "/api/admin/subscriptions?status=paused")).body.subscriptions).toEqual([]);
    expect((await call("GET", "/api/admin/subscriptions?status=lapsed")).body).toEqual({
      error: "status must be one of active, paused, past_due, cancelled",
      field: "status",
    });
    expect((await call("GET", "/api/admin/subscriptions?cursor=abc")).body).toMatchObject({ field: "cursor" });
    expect((await call("GET", `/api/admin/subscriptions?q=${"x".repeat(201)}`)).body).toEqual({ error: "q is too long", field: "q" });

    const csv = await api.t.call("GET", "/api/admin/subscriptions.csv?q=tom", undefined, api.fulfilment);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "id,status,customer_name,email,plan,items,next_renewal_at,paused_until",
      `${tom.id},active,Tom Tally,tom@example.com,every 2 weeks,2 × ${BLEND},${tom.nextRenewalAt.toISOString()},`,
    ]);
  });

  it("answers one subscription whole: items, next delivery priced, address, card, orders and timeline", async () => {
    const detail = await call("GET", `/api/admin/subscriptions/${sue.id}`);
    subscriptionAnswerSchema.parse(detail.body);
    expect(detail).toMatchObject({
      status: 200,
      body: {
        subscription: {
          id: sue.id,
          status: "active",
          interval: 2,
          interval_unit: "week",
          card: { brand: "Visa", last4: "4242" },
          shipping_address: { line1: "1 Main St", city: "Sacramento", line2: null },
          shipping_option: "standard",
          items: [{ sku: BLEND, quantity: 2, unit_price_cents: 1440 }],
          next_delivery: { subtotal_cents: 2880, total_cents: expect.any(Number) },
          orders: [{ number: expect.any(Number), status: "paid" }],
        },
      },
    });
    expect((await call("GET", "/api/admin/subscriptions/999999")).status).toBe(404);
    expect((await call("GET", "/api/admin/subscriptions/abc")).body).toEqual({ error: "id must be a subscription's number", field: "id" });
  });

  it("skips, pauses, resumes and cancels on the subscriber's behalf: each audited by the token's name and emailed", async () => {
    const path = `/api/admin/subscriptions/${sue.id}`;
    const skipped = await call("POST", `${path}/skip`);
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ subscription: { next_renewal_at: addWeeks(sue.nextRenewalAt, 2).toISOString() } });

    expect((await call("POST", `${path}/pause`, { until: "next week" })).body).toEqual({ error: "must be a date such as 2026-12-24", field: "until" });
    expect((await call("POST", `${path}/pause`, { until: "2020-01-01" })).body).toEqual({ error: "The pause must end after today", field: "until" });
    const until = addDays(new Date(), 30).toISOString().slice(0, 10);
    // Resumes at the shop's midnight beginning that day: 07:00 or 08:00 UTC, as Los Angeles keeps summer time or not.
    const resumesAt = dayRange(until, ZONE).start.toISOString();
    expect(resumesAt).toMatch(/T0[78]:00:00\.000Z$/);
    expect((await call("POST", `${path}/pause`, { until })).body).toMatchObject({ subscription: { status: "paused", paused_until: resumesAt } });
    expect((await call("POST", `${path}/skip`)).body).toEqual({ error: "This subscription is paused" });
    expect((await call("POST", `${path}/pause`, {})).status).toBe(409);
    expect((await call("POST", `${path}/resume`)).body).toMatchObject({ subscription: { status: "active", paused_until: null } });
    expect((await call("POST", `${path}/pause`, {})).body).toMatchObject({ subscription: { status: "paused", paused_until: null } });

    expect((await call("POST", `${path}/cancel`, { reason: "y".repeat(501) })).body).toEqual({ error: "must be at most 500 characters", field: "reason" });
    const cancelled = await call("POST", `${path}/cancel`, { reason: "  Too much coffee  " });
    expect(cancelled.body).toMatchObject({ subscription: { status: "cancelled", cancel_reason: "Too much coffee", next_delivery: null } });
    expect((await call("POST", `${path}/cancel`, {})).status).toBe(409);
    expect((await call("POST", `${path}/resume`)).status).toBe(409);

    const trail = await api.t.deps.db
      .select({ action: auditEvents.action, actor: auditEvents.actorLabel })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "subscription"), eq(auditEvents.entityId, String(sue.id))));
    expect(trail).toEqual(["skip", "pause", "resume", "pause", "cancel"].map((action) => ({ action: `subscription.${action}`, actor: "packing bench" })));
    const timeline = (cancelled.body.subscription as { timeline: { kind: string; actor: string }[] }).timeline;
    expect(timeline.filter((entry) => entry.actor === "packing bench").map((entry) => entry.kind)).toEqual(["skip", "pause", "resume", "pause", "cancel"]);

    const changed = (await mailsTo("sue@example.com")).filter((mail) => mail.kind === "subscription-changed");
    expect(changed).toHaveLength(5);
    expect(changed[0].text).toContain("Skipped the delivery of");
    expect(changed[4].text).toContain("Cancelled: no more deliveries will be sent or charged.");
  });

  it("counts the figures, and plans the coming deliveries per day and variant, with the plan as CSV", async () => {
    const figures = await call("GET", "/api/admin/subscriptions/figures");
    subscriptionFiguresSchema.parse(figures.body);
    expect(figures.body).toEqual({
      by_status: { active: 1, paused: 0, past_due: 0, cancelled: 1 },
      // Tom's two bags at $14.40 every two weeks: 2880 cents a cycle, 52/24 cycles a month.
      monthly_recurring_cents: Math.round((2880 * 52) / 24),
      cancellations: { days: 30, count: 1, reasons: [{ reason: "Too much coffee", count: 1 }] },
    });

    // Tom's first renewal, bought today on a two-week plan, is on the plan's last day.
    const day = shopDate(tom.nextRenewalAt, ZONE);
    const plan = await call("GET", "/api/admin/subscriptions/plan");
    deliveryPlanSchema.parse(plan.body);
    expect(plan.body).toEqual({ time_zone: ZONE, days: [{ day, items: [{ sku: BLEND, product: "Tidewater House Blend", options: "Whole Bean · 12 oz", quantity: 2 }] }] });

    const csv = await api.t.call("GET", "/api/admin/subscriptions/plan.csv", undefined, api.fulfilment);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="delivery-plan.csv"');
    const [header, row, ...rest] = (await csv.text()).trimEnd().split("\r\n");
    expect(header).toBe("day,sku,product,options,quantity,time_zone");
    expect(row).toMatch(new RegExp(`^${day},${BLEND},Tidewater House Blend,Whole Bean · 12 oz,2,${ZONE}$`));
    expect(rest).toEqual([]);
  });
});
