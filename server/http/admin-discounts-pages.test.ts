/**
 * The discount pages (app/routes/admin.discounts*), rendered for real through Vite and posted as a browser posts them
 * before its JavaScript loads: a code made in dollars and percent, its refusals beside their fields, pause, resume and
 * end, the welcome offer, the list's status and use, and the door shut to fulfilment staff.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { type TestApp } from "../../tests/support/app";
import { discounts } from "../db/schema";

let t: TestApp;
let owner: string;
let packer: string;

const office = renderedBackOffice();
const { get, post, html } = office;

beforeAll(() => {
  ({ t, owner, packer } = office);
});

const capped = {
  code: "Summer20",
  type: "percentage",
  percentage: "20",
  cap: "15",
  amount: "",
  max_redemptions: "100",
  starts_on: "2026-06-01",
  ends_on: "2099-08-31",
  minimum_subtotal: "$30.00",
  once_per_customer: "on",
  intent: "save",
};

const rowOf = async (code: string) => (await t.deps.db.select().from(discounts).where(eq(discounts.code, code)))[0];

describe("the discount pages", () => {
  it("create a code in dollars, percent and the shop's days, stored in cents and days, and show it saved", async () => {
    expect(await html(await get("/admin/discounts/new", owner))).toContain("Limit of redemptions");
    const created = await post("/admin/discounts/new", capped, owner);
    expect(created.status).toBe(302);
    const row = await rowOf("Summer20");
    expect(row).toMatchObject({ percentage: 20, maxRedeemableCents: 1500, minimumSubtotalCents: 3000, oncePerCustomer: true, maxRedemptions: 100 });
    expect([row.startsOn, row.endsOn]).toEqual(["2026-06-01", "2099-08-31"]);
    expect(created.headers.get("location")).toBe(`/admin/discounts/${row.id}?notice=discount-saved`);

    const edit = await html(await get(`/admin/discounts/${row.id}?notice=discount-saved`, owner));
    expect(edit).toMatch(/<p role="status"[^>]*>Discount saved; the shop applies it now.<\/p>/);
    expect(edit).toContain('value="15.00"');
    expect(edit).toContain('value="2099-08-31"');

    const list = await html(await get("/admin/discounts", owner));
    expect(list).toContain("Summer20");
    expect(list).toContain("20 % off, at most $15.00; orders from $30.00; once per customer");
    expect(list).toContain("0 of 100");
  });

  it("refuse bad terms beside their fields, keeping what was typed, and a code taken in another case", async () => {
    const refused = await html(await post("/admin/discounts/new", { ...capped, code: "BADTERMS", percentage: "120", cap: "lots" }, owner), 400);
    expect(refused).toContain("Percentage must be at most 100");
    expect(refused).toContain("Enter an amount in dollars, such as 12.50");
    expect(refused).toMatch(/aria-invalid="true"[^>]*name="cap"|name="cap"[^>]*aria-invalid="true"/);
    expect(refused).toContain('value="lots"');
    expect(await rowOf("BADTERMS")).toBeUndefined();

    const taken = await html(await post("/admin/discounts/new", { ...capped, code: "SUMMER20" }, owner), 409);
    expect(taken).toContain("Another discount has this code");
    expect(taken).toMatch(/aria-invalid="true"[^>]*name="code"|name="code"[^>]*aria-invalid="true"/);
  });

  it("pause, resume and end a code, asking before the end", async () => {
    const { id } = await rowOf("Summer20");
    const path = `/admin/discounts/${id}`;
    expect((await post(path, { intent: "pause" }, owner)).headers.get("location")).toBe(`${path}?notice=discount-paused`);
    expect(await html(await get(path, owner))).toContain("Resume discount");
    expect((await rowOf("Summer20")).status).toBe("paused");
    await post(path, { intent: "resume" }, owner);
    expect((await rowOf("Summer20")).status).toBe("active");
    expect(await html(await get(`${path}?end`, owner))).toContain("it cannot be resumed");
    await post(path, { intent: "end", id: String(id) }, owner);
    const ended = await html(await get(path, owner));
    expect(ended).toContain("Shoppers can no longer use this code");
    expect(await html(await get("/admin/discounts", owner))).toContain("Ended");
  });

  it("set the welcome popup's offer", async () => {
    const saved = await post("/admin/discounts", { welcome_enabled: "on", welcome_percentage: "15" }, owner);
    expect(saved.headers.get("location")).toBe("/admin/discounts?notice=welcome-saved");
    const popup = await t.call("GET", `/api/discount/popupDiscount?store_id=${t.deps.storeId}`);
    expect(((await popup.json()) as { data: { discount_popup_percentage: number }[] }).data[0].discount_popup_percentage).toBe(15);
    const refused = await html(await post("/admin/discounts", { welcome_enabled: "on", welcome_percentage: "0" }, owner), 400);
    expect(refused).toContain("Percentage must be a whole number from 1 to 100");
  });

  it("are shut to fulfilment staff and to visitors", async () => {
    expect((await get("/admin/discounts", packer)).status).toBe(403);
    expect((await post("/admin/discounts/new", capped, packer)).status).toBe(403);
    expect((await get("/admin/discounts")).status).toBe(302);
    expect((await get("/admin/discounts/999999", owner)).status).toBe(404);
  });
});
