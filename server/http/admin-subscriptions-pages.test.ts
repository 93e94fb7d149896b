/**
 * The subscriptions desk's pages (app/routes/admin.subscriptions*), rendered for real through Vite and posted as a
 * browser posts them before its JavaScript loads: the figures, tabs, search and plan of the list, and one
 * subscription's skip, pause, resume and cancel as the packer, each audited and emailed, refusals beside their field.
 */
import { addDays } from "date-fns";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { subscribedBy } from "../../tests/support/checkout";
import { auditEvents, mailOutbox, subscriptions, variants } from "../db/schema";
import { DEMO } from "../db/seed";

const office = renderedBackOffice();
const { get, post, html } = office;

let ann: typeof subscriptions.$inferSelect;
let bob: typeof subscriptions.$inferSelect;
beforeAll(async () => {
  await office.t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, DEMO.subscriptions.houseBlend.sku));
  ann = await subscribedBy(office.t, "ann@example.com", { name: "Ann Arbor" });
  bob = await subscribedBy(office.t, "bob@example.com", { name: "Bob Brew" });
});

describe("the subscriptions desk's pages", () => {
  it("sends them to sign-in without a session, and keeps them private", async () => {
    for (const path of ["/admin/subscriptions", `/admin/subscriptions/${ann.id}`]) {
      expect((await get(path)).headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
    }
    const page = await get("/admin/subscriptions", office.packer);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/admin/subscriptions/999999", office.owner)).status).toBe(404);
    expect((await get("/admin/subscriptions/abc", office.owner)).status).toBe(404);
  });

  it("lists with the figures, status tabs, search, the CSV of the same filter and the plan of the coming deliveries", async () => {
    const list = await html(await get("/admin/subscriptions", office.packer));
    expect(list).toContain("Monthly recurring revenue");
    expect(list).toMatch(/Active subscriptions<\/dt><dd[^>]*>2</);
    expect(list).toContain(`href="/admin/subscriptions/${ann.id}"`);
    expect(list).toContain('href="/api/admin/subscriptions/plan.csv"');
    // Both first renewals fall on the plan's last day: four bags of the blend.
    expect(list).toContain(ann.nextRenewalAt.toISOString().slice(0, 10));
    expect(list).toMatch(/>4<!-- --> ×</);

    const searched = await html(await get("/admin/subscriptions?q=brew&status=active", office.packer));
    expect(searched).toContain(`href="/admin/subscriptions/${bob.id}"`);
    expect(searched).not.toContain(`href="/admin/subscriptions/${ann.id}"`);
    expect(searched).toContain('href="/api/admin/subscriptions.csv?status=active&amp;q=brew"');
    expect(await html(await get("/admin/subscriptions?status=paused", office.packer))).toContain("No subscriptions match.");
    expect(await html(await get("/admin/subscriptions?status=lapsed", office.packer), 400)).toContain("status must be one of active, paused, past_due, cancelled");
  });

  it("skips, pauses (a past day refused beside the field), resumes and cancels with a reason, as the packer", async () => {
    const path = `/admin/subscriptions/${ann.id}`;
    const page = await html(await get(path, office.packer));
    expect(page).toContain("Visa ending in 4242");
    expect(page).toContain("The next delivery, priced now");
    expect(page).toMatch(new RegExp(`href="/admin/orders/\\d+"`));

    expect((await post(path, { intent: "skip" }, office.packer)).headers.get("location")).toBe(`${path}?notice=subscription-skipped`);
    expect(await html(await get(`${path}?notice=subscription-skipped`, office.packer))).toContain("Next delivery skipped; the subscriber was emailed.");

    const refused = await html(await post(path, { intent: "pause", until: "2020-01-01" }, office.packer), 400);
    expect(refused).toMatch(/aria-invalid="true"[^>]*>[^]*?The pause must end after today/);
    const until = addDays(new Date(), 20).toISOString().slice(0, 10);
    expect((await post(path, { intent: "pause", until }, office.packer)).headers.get("location")).toBe(`${path}?notice=subscription-paused`);
    expect(await html(await get(path, office.packer))).toContain(`Paused until ${until}`);
    expect((await post(path, { intent: "resume" }, office.packer)).headers.get("location")).toBe(`${path}?notice=subscription-resumed`);

    expect(await html(await get(`${path}?cancel`, office.packer))).toContain(`Cancel subscription #${ann.id}? No more deliveries are sent or charged`);
    expect(await html(await post(path, { intent: "cancel", reason: "r".repeat(501) }, office.packer), 400)).toContain("must be at most 500 characters");
    expect((await post(path, { intent: "cancel", reason: "Moving abroad" }, office.packer)).headers.get("location")).toBe(`${path}?notice=subscription-cancelled`);
    const cancelled = await html(await get(path, office.packer));
    expect(cancelled).toContain("Reason for cancelling: Moving abroad");
    expect(cancelled).not.toContain("Change on the subscriber");
    expect(await html(await post(path, { intent: "resume" }, office.packer), 409)).toContain("This subscription is cancelled");

    const trail = await office.t.deps.db
      .select({ action: auditEvents.action, actor: auditEvents.actorLabel })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "subscription"), eq(auditEvents.entityId, String(ann.id))));
    expect(trail).toEqual(["skip", "pause", "resume", "cancel"].map((action) => ({ action: `subscription.${action}`, actor: "packer@example.com" })));
    const mails = await office.t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "ann@example.com"), eq(mailOutbox.kind, "subscription-changed")));
    expect(mails).toHaveLength(4);

    const list = await html(await get("/admin/subscriptions", office.owner));
    expect(list).toContain("Moving abroad (1)");
  });
});
