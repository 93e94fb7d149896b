/**
 * The customers pages (app/routes/admin.customers*), rendered for real through Vite and posted as a browser posts them
 * before its JavaScript loads: guests and accounts as one customer per email, and staff's notes and tags.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money";
import { SKU, paidOrderBy } from "../../tests/support/checkout";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { guestWhoSignsUp } from "../../tests/support/customers";
import { variants } from "../db/schema";

const office = renderedBackOffice();
const { get, post, html } = office;

beforeAll(async () => {
  await office.t.deps.db.update(variants).set({ stock: 500 }).where(eq(variants.sku, SKU));
});

describe("the customers pages", () => {
  it("two guest purchases by the same email (different case) make one customer with two orders", async () => {
    const first = await paidOrderBy(office.t, { email: "Hal.Home@example.com", name: "Hal Home" });
    const second = await paidOrderBy(office.t, { email: "hal.home@EXAMPLE.com", name: "Hal Home" }, 3);

    const list = await html(await get("/admin/customers?q=hal.home", office.packer));
    expect(list.match(/href="\/admin\/customers\/o\d+"/g)).toEqual([`href="/admin/customers/o${first.number}"`]);
    expect(list).toContain("Guest");
    expect(list).toContain(formatMoney(first.totalCents + second.totalCents));

    const detail = await html(await get(`/admin/customers/o${second.number}`, office.packer));
    for (const order of [first, second]) expect(detail).toContain(`href="/admin/orders/${order.number}"`);
    expect(detail).toContain("Guest (no account)");
    expect(detail).toContain("Not subscribed");
  });

  it("a guest who signs up later is the same customer", async () => {
    const { order, account } = await guestWhoSignsUp(office.t, "IVY.INK@example.com", "Ivy", "Ink");
    const list = await html(await get("/admin/customers?q=ivy", office.owner));
    expect(list.match(/href="\/admin\/customers\/[^"]+"/g)).toEqual([`href="/admin/customers/${account.id}"`]);
    const detail = await html(await get(`/admin/customers/${account.id}`, office.owner));
    expect(detail).toContain(`href="/admin/orders/${order.number}"`);
    expect(detail).toContain("Signed up");
  });

  it("keeps staff's notes and tags, refuses a tag too long beside its field, and finds the customer by tag", async () => {
    const order = await paidOrderBy(office.t, { email: "jo.jar@example.com", name: "Jo Jar" });
    const path = `/admin/customers/o${order.number}`;

    const refused = await html(await post(path, { notes: "Call first", tags: `ok, ${"x".repeat(41)}` }, office.packer), 400);
    expect(refused).toContain("a tag is at most 40 characters");
    expect(refused).toContain("Call first");

    const saved = await post(path, { notes: "Call first", tags: "Café, wholesale" }, office.packer);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${path}?notice=customer-saved`);
    const detail = await html(await get(`${path}?notice=customer-saved`, office.packer));
    expect(detail).toContain("Notes and tags saved.");
    expect(detail).toContain("Café, wholesale");

    const byTag = await html(await get("/admin/customers?q=wholesale", office.packer));
    expect(byTag).toContain(`href="${path}"`);
    expect(byTag).toContain('href="/api/admin/customers.csv?q=wholesale"');
    expect((await get("/admin/customers/o99999999", office.packer)).status).toBe(404);
    expect((await get("/admin/customers/someone@example.com", office.packer)).status).toBe(404);
    expect(await html(await get("/admin/customers?q=nobody-at-all", office.packer))).toContain("No customers match.");
  });
});
