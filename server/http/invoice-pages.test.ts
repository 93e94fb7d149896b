/**
 * Where an invoice is downloaded (decision 0055), rendered for real: the admin order page's link and file for staff
 * only, the signed-in customer's own order (another's answers as missing), the order lookup's signed links (forged,
 * another file's or none: missing), and the mailbox's attachment.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderedBackOffice } from "../../tests/support/admin-pages";
import { paidOrderBy } from "../../tests/support/checkout";
import { pdfText } from "../../tests/support/pdf-text";
import { documentNumber } from "../../core/invoices";
import { createCustomer } from "../accounts/customers";
import { createSession } from "../accounts/session";
import { invoices, mailOutbox, orders, variants } from "../db/schema";
import type { Order } from "../orders/orders";

const office = renderedBackOffice();
let order: Order;
let file: string;

beforeAll(async () => {
  const { t } = office;
  await t.deps.db.update(variants).set({ stock: 500 }).where(like(variants.sku, "HOUSE-%"));
  order = await paidOrderBy(t, { email: "page.buyer@example.com", name: "Page Buyer" });
  const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  file = `${documentNumber("invoice", invoice.number)}.pdf`;
});

/** The PDF a response carries, as text; the response must be a PDF download. */
async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${file}"`);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

const total = () => `Total $${(order.totalCents / 100).toFixed(2)}`;

describe("the admin order page's invoice", () => {
  it("is linked on the order and downloads for any staff member with orders, not for anyone else", async () => {
    const html = await office.html(await office.get(`/admin/orders/${order.number}`, office.packer));
    expect(html).toContain(`href="/admin/orders/${order.number}/documents/${file}"`);
    expect(await pdfOf(await office.get(`/admin/orders/${order.number}/documents/${file}`, office.packer))).toContain(total());
    expect(await pdfOf(await office.get(`/admin/orders/${order.number}/documents/${file}`, office.owner))).toContain(total());
    const stranger = await office.get(`/admin/orders/${order.number}/documents/${file}`);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toMatch(/^\/admin\/login/);
    expect((await office.get(`/admin/orders/${order.number}/documents/CN-999999.pdf`, office.owner)).status).toBe(404);
    expect((await office.get(`/admin/orders/${order.number}/documents/..%2Fsecret.pdf`, office.owner)).status).toBe(404);
  });
});

describe("the customer's invoice", () => {
  it("downloads from their own order's page, and another customer's answers as missing", async () => {
    const { t } = office;
    const owner = (await createCustomer(t.deps.db, "demo", { email: "page.buyer@example.com", password: "a long page passphrase", firstName: "Page", lastName: "Buyer" }))!;
    const other = (await createCustomer(t.deps.db, "demo", { email: "other.buyer@example.com", password: "a long page passphrase", firstName: "Oth", lastName: "Er" }))!;
    await t.deps.db.update(orders).set({ customerId: owner.id }).where(eq(orders.id, order.id));
    const cookieOf = async (id: number) => `session=${(await createSession(t.deps.db, "demo", id)).token}`;
    const mine = await cookieOf(owner.id);
    const html = await office.html(await office.get(`/profile/orders/${order.number}`, mine));
    expect(html).toContain(`href="/profile/orders/${order.number}/documents/${file}"`);
    expect(await pdfOf(await office.get(`/profile/orders/${order.number}/documents/${file}`, mine))).toContain(total());
    expect((await office.get(`/profile/orders/${order.number}/documents/${file}`, await cookieOf(other.id))).status).toBe(404);
    expect((await office.get(`/profile/orders/${order.number}/documents/${file}`)).headers.get("location")).toBe("/login");
  });

  it("downloads by the link the order lookup gives for its email; a forged or another file's link is missing", async () => {
    const lookup = await office.post("/orders/lookup", { order_number: String(order.number), email: "page.buyer@example.com" });
    const html = await office.html(lookup);
    const href = html.match(/href="(\/orders\/documents\/[^"]+)"/)![1].replace(/&amp;/g, "&");
    expect(href.startsWith(`/orders/documents/${file}?token=`)).toBe(true);
    expect(await pdfOf(await office.get(href))).toContain(total());
    expect((await office.get(href.replace(file, "INV-999999.pdf"))).status).toBe(404);
    expect((await office.get(`${href}x`)).status).toBe(404);
    expect((await office.get(`/orders/documents/${file}`)).status).toBe(404);
  });
});

describe("the mailbox", () => {
  it("lists the paid email's invoice and serves it", async () => {
    const { t } = office;
    const [mail] = await t.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.id), eq(mailOutbox.kind, "order-confirmation")));
    const html = await office.html(await office.get("/dev/mailbox"));
    expect(html).toContain(`href="/dev/mailbox/${mail.id}/attachments/${file}"`);
    expect(await pdfOf(await office.get(`/dev/mailbox/${mail.id}/attachments/${file}`))).toContain(total());
    expect((await office.get(`/dev/mailbox/${mail.id}/attachments/other.pdf`)).status).toBe(404);
  });
});
