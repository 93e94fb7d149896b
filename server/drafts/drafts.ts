/**
 * Draft orders (decision 0059): an order staff build for a customer (taken by phone, or for a café), in the order
 * lifecycle's `draft` state. It is priced by the checkout's one quote (server/checkout/quote.ts) from the catalogue's
 * pricing (priceCart), with what staff set by hand: a unit price per line, a discount typed as an amount or percent
 * (or a code of the shop's), shipping charged instead of the option's price. It holds no stock and has no number; the
 * customer pays it by the payment link emailed to them (server/orders/payment-links.ts), or staff mark it paid
 * another way, and settling it takes its stock and numbers it. Every change is audited and noted on its timeline.
 *
 * The draft's order row and lines hold the quote's figures; draft_orders holds what the quote was asked with, so a
 * change reprices from the same inputs and a line keeps staff's price until staff clear it.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { draftName } from "../../core/drafts";
import type { PAID_ANOTHER_WAY } from "../../core/payment-links";
import { variantName, type Discount } from "../../core/cart";
import { ON_SALE_STATUS } from "../catalog/products";
import { formatMoney } from "../../core/money";
import type { CheckoutAddress } from "../../core/schemas/checkout";
import { badInput, conflict, notFound } from "../../core/errors";
import { recordAudit, type AuditActor } from "../audit/audit";
import { priceCart } from "../cart/pricing";
import { orderFields } from "../checkout/cart-orders";
import { quote } from "../checkout/quote";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { draftOrders, mailOutbox, orderLines, orderNotes, orders, products, shippingOptions, variants, type DraftDiscount, type DraftLine } from "../db/schema";
import { storeRowsInPlace } from "../db/store-rows";
import { withWords } from "../orders/line-words";
import { insertOrderLines, linesOf, type Order } from "../orders/orders";
import { cancelOpenLink, markPaidAnotherWay, openLinkOf, requestPayment, sendPaymentLink, type PaymentLink } from "../orders/payment-links";
import { unlessNotFound } from "../payments/provider";

/** What staff say a draft is: for whom, shipped where and how, its lines and discount. */
export type DraftInput = {
  email: string;
  customerName: string;
  address: CheckoutAddress;
  shippingOptionKey: string;
  shippingCentsOverride: number | null;
  lines: DraftLine[];
  discount: DraftDiscount | null;
};

export type DraftStatus = "open" | "invoice_sent" | "paid";

/** A discount staff typed, as the quote's one discount rule reads one; a code is the quote's to look up. */
function staffDiscount(discount: DraftDiscount | null): Discount | null {
  if (!discount || discount.kind === "code") return null;
  return {
    code: discount.kind === "percent" ? `${discount.percent}% off` : `${formatMoney(discount.amountCents)} off`,
    percentage: discount.kind === "percent" ? discount.percent : null,
    amountCents: discount.kind === "amount" ? discount.amountCents : null,
    maxRedeemableCents: null,
    maxRedemptions: 1,
    freeShipping: false,
  };
}

/**
 * The draft priced: the catalogue's lines (a sku it cannot sell is refused, naming the line), staff's unit prices in
 * place of the catalogue's where they typed one, then the one quote for the address, shipping and discount.
 */
export async function priceDraft(deps: AppDeps, db: Database, storeId: string, input: DraftInput) {
  const seen = new Set<string>();
  input.lines.forEach((line, index) => {
    if (seen.has(line.sku)) throw badInput(`sku "${line.sku}" is on two lines; change the quantity of one`, `lines.${index}.sku`);
    seen.add(line.sku);
  });
  const priced = await priceCart(
    db,
    storeId,
    input.lines.map((line) => ({ kind: "product", sku: line.sku, subscription: null, quantity: line.quantity })),
    null,
  );
  const [problem] = priced.problems;
  if (problem) throw badInput(problem.message, problem.field.replace(/^cartItems/, "lines"));
  const lines = priced.lines.map((line) => ({ ...line, unitCents: input.lines[line.inputIndex].unitPriceCents ?? line.unitCents }));
  const details = {
    address: input.address,
    email: input.email,
    name: input.customerName,
    shippingOptionKey: input.shippingOptionKey,
    discountCode: input.discount?.kind === "code" ? input.discount.code : null,
  };
  const q = await quote(db, storeId, lines, details, {
    staff: { discount: staffDiscount(input.discount), shippingCents: input.shippingCentsOverride },
  });
  const { lines: orderLineRows, cartId: _cart, ...fields } = orderFields(storeId, deps, null, lines, details, q);
  // A discount staff typed is no code: the codes' figures and once-per-customer rule read discount_code.
  return { fields: { ...fields, discountCode: details.discountCode }, lines: orderLineRows };
}

/** The row staff changed and the input it holds; null when the store has no draft of that id. */
async function draftRow(db: Database | Tx, storeId: string, id: number, lock = false) {
  const query = db
    .select({ order: orders, draft: draftOrders })
    .from(orders)
    .innerJoin(draftOrders, eq(draftOrders.orderId, orders.id))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id)));
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  if (!row) throw notFound(`${draftName(id)} not found`);
  return row;
}

type DraftRow = Awaited<ReturnType<typeof draftRow>>;

function inputOf({ order, draft }: DraftRow): DraftInput {
  const { name, ...address } = order.shippingAddress;
  return {
    email: order.email,
    customerName: order.customerName,
    address: { ...address, name },
    shippingOptionKey: order.shippingOptionKey,
    shippingCentsOverride: draft.shippingCentsOverride,
    lines: draft.lines,
    discount: draft.discount,
  };
}

/** A draft that is still one: once paid (or being paid) it is an order, changed on the orders desk. */
function assertStillDraft(order: Order) {
  if (order.status === "draft") return;
  throw conflict(`${draftName(order.id)} is paid${order.number === null ? "" : ` (order #${order.number})`}; it can no longer be changed`);
}

/** What the audit trail keeps of a draft: its customer, lines, discount and figures. */
const audited = (input: DraftInput, order: Pick<Order, "totalCents">) => ({
  email: input.email,
  customer_name: input.customerName,
  lines: input.lines,
  discount: input.discount,
  shipping_option: input.shippingOptionKey,
  shipping_cents_override: input.shippingCentsOverride,
  total_cents: order.totalCents,
});

async function note(tx: Tx, order: Order, actor: AuditActor, text: string) {
  await tx.insert(orderNotes).values({ storeId: order.storeId, orderId: order.id, authorLabel: actor.label, text });
}

export async function createDraft(deps: AppDeps, storeId: string, actor: AuditActor, input: DraftInput): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const priced = await priceDraft(deps, tx, storeId, input);
    const [order] = await tx
      .insert(orders)
      .values({ ...priced.fields, status: "draft", idempotencyKey: `draft:${randomUUID()}`, paymentReference: null, cartId: null })
      .returning();
    await insertOrderLines(tx, storeId, order.id, priced.lines);
    await tx.insert(draftOrders).values({
      orderId: order.id,
      storeId,
      lines: input.lines,
      discount: input.discount,
      shippingCentsOverride: input.shippingCentsOverride,
      createdBy: actor.label,
    });
    await note(tx, order, actor, `${draftName(order.id)} built for ${input.customerName} <${input.email}>: ${formatMoney(order.totalCents)}`);
    await recordAudit(tx, actor, { action: "draft.create", entity: "draft", entityId: order.id, before: null, after: audited(input, order) });
    return order;
  });
}

/**
 * Changes what staff sent (the rest stays) and reprices the whole draft by the quote. A payment link already emailed
 * asked for the old total: it is cancelled, and staff email a new one.
 */
export async function updateDraft(deps: AppDeps, storeId: string, actor: AuditActor, id: number, change: Partial<DraftInput>): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const row = await draftRow(tx, storeId, id, true);
    assertStillDraft(row.order);
    const before = inputOf(row);
    const input = { ...before, ...change };
    const priced = await priceDraft(deps, tx, storeId, input);
    const [order] = await tx.update(orders).set(priced.fields).where(eq(orders.id, id)).returning();
    await tx.delete(orderLines).where(eq(orderLines.orderId, id));
    await insertOrderLines(tx, storeId, id, priced.lines);
    await tx
      .update(draftOrders)
      .set({ lines: input.lines, discount: input.discount, shippingCentsOverride: input.shippingCentsOverride, updatedAt: new Date() })
      .where(eq(draftOrders.orderId, id));
    if (order.totalCents !== row.order.totalCents) {
      await cancelOpenLink(tx, order, actor.label, `the draft's total changed to ${formatMoney(order.totalCents)}`);
    }
    await note(tx, order, actor, `${draftName(id)} changed: ${formatMoney(order.totalCents)}`);
    await recordAudit(tx, actor, { action: "draft.update", entity: "draft", entityId: id, before: audited(before, row.order), after: audited(input, order) });
    return order;
  });
}

/**
 * Deletes a draft nobody has paid: it never was anyone's order (no number, no stock, no payment), so it goes, as
 * Shopify deletes a draft; the audit trail keeps what it was. A card payment its link started is cancelled first, and
 * a payment that went through meanwhile refuses the delete: the draft is being paid.
 */
export async function deleteDraft(deps: AppDeps, storeId: string, actor: AuditActor, id: number): Promise<void> {
  const started = (await openLinkOf(deps.db, (await draftRow(deps.db, storeId, id)).order.id))?.paymentReference ?? null;
  if (started) {
    const payment = await unlessNotFound(deps.payments.cancelPayment(started, { idempotencyKey: `draft-delete:${id}:${started}` }));
    if (payment?.status === "succeeded" || payment?.status === "processing") {
      throw conflict(`${draftName(id)} has just been paid by its link; it can no longer be deleted`);
    }
  }
  await deps.db.transaction(async (tx) => {
    const row = await draftRow(tx, storeId, id, true);
    assertStillDraft(row.order);
    // A payment the link started after the one cancelled above could still be confirmed: the draft must stay for it.
    if (((await openLinkOf(tx, id))?.paymentReference ?? null) !== started) throw conflict(`${draftName(id)} is being paid right now; try again`);
    await tx.delete(orders).where(eq(orders.id, id));
    await recordAudit(tx, actor, { action: "draft.delete", entity: "draft", entityId: id, before: audited(inputOf(row), row.order), after: null });
  });
}

/** The link for the draft's whole total, the open one replaced, asked for under the draft's lock. */
async function requestDraftPayment(deps: AppDeps, storeId: string, actor: AuditActor, id: number, action: string): Promise<PaymentLink> {
  return deps.db.transaction(async (tx) => {
    const { order } = await draftRow(tx, storeId, id, true);
    assertStillDraft(order);
    const link = await requestPayment(tx, order, { amountCents: order.totalCents, purpose: "draft", actorLabel: actor.label });
    await recordAudit(tx, actor, { action, entity: "draft", entityId: id, before: null, after: { payment_link: link.id, amount_cents: link.amountCents } });
    return link;
  });
}

/** Emails the customer a payment link for the draft's total: it opens the shop's own page to pay exactly that. */
export async function sendInvoice(deps: AppDeps, storeId: string, actor: AuditActor, id: number): Promise<PaymentLink> {
  const link = await requestDraftPayment(deps, storeId, actor, id, "draft.send-invoice");
  await sendPaymentLink(deps, link);
  return link;
}

/**
 * Staff took the draft's total another way (cash, a bank transfer): its open link (or one asked for now, never
 * emailed) is settled as a card payment would settle it, which holds its stock and numbers it. A card payment
 * arriving after is given back by the payment links.
 */
export async function markPaid(
  deps: AppDeps,
  storeId: string,
  actor: AuditActor,
  id: number,
  paid: { paid_with: (typeof PAID_ANOTHER_WAY)[number]; note: string },
): Promise<Order> {
  const open = await openLinkOf(deps.db, (await draftRow(deps.db, storeId, id)).order.id);
  const link = open ?? (await requestDraftPayment(deps, storeId, actor, id, "draft.mark-paid"));
  return markPaidAnotherWay(deps, storeId, actor, link.id, { paidWith: paid.paid_with, note: paid.note || null });
}

export type DraftSummary = {
  id: number;
  status: DraftStatus;
  email: string;
  customerName: string;
  totalCents: number;
  orderNumber: number | null;
  createdAt: Date;
};

function statusOf(order: Order, link: PaymentLink | null): DraftStatus {
  if (order.status !== "draft") return "paid";
  return link ? "invoice_sent" : "open";
}

/** Every draft of the store, newest first, with those already paid and the order each became. */
export async function listDrafts(db: Database, storeId: string): Promise<DraftSummary[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(draftOrders, eq(draftOrders.orderId, orders.id))
    .where(eq(orders.storeId, storeId))
    .orderBy(desc(orders.id))
    .limit(200);
  return Promise.all(
    rows.map(async ({ order }) => ({
      id: order.id,
      status: statusOf(order, order.status === "draft" ? await openLinkOf(db, order.id) : null),
      email: order.email,
      customerName: order.customerName,
      totalCents: order.totalCents,
      orderNumber: order.number,
      createdAt: order.createdAt,
    })),
  );
}

/** A draft as its screen and the API show it: the input staff gave, the quote's figures, its link and its story. */
export async function getDraft(deps: AppDeps, storeId: string, id: number) {
  const row = await draftRow(deps.db, storeId, id);
  const { order, draft } = row;
  const [lines, link, notes, emails, catalogue] = await Promise.all([
    linesOf(deps.db, id).then((rows) => withWords(deps.db, storeId, rows)),
    order.status === "draft" ? openLinkOf(deps.db, id) : Promise.resolve(null),
    deps.db.select().from(orderNotes).where(eq(orderNotes.orderId, id)).orderBy(asc(orderNotes.id)),
    deps.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id)).orderBy(asc(mailOutbox.id)),
    priceCart(deps.db, storeId, draft.lines.map((line) => ({ kind: "product" as const, sku: line.sku, subscription: null, quantity: line.quantity })), null),
  ]);
  const cataloguePrice = new Map(catalogue.lines.map((line) => [line.kind === "product" ? line.sku : "", line.unitCents]));
  const timeline = [
    ...notes.map((entry) => ({ at: entry.createdAt, text: `${entry.authorLabel}: ${entry.text}` })),
    ...emails.map((email) => ({ at: email.createdAt, text: `Email to ${email.to}: ${email.subject}` })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    summary: {
      id,
      status: statusOf(order, link),
      email: order.email,
      customerName: order.customerName,
      totalCents: order.totalCents,
      orderNumber: order.number,
      createdAt: order.createdAt,
    } satisfies DraftSummary,
    order,
    input: inputOf(row),
    lines: lines.map((line) => {
      const asked = draft.lines.find((entry) => entry.sku === line.sku);
      return { ...line, cataloguePriceCents: cataloguePrice.get(line.sku ?? "") ?? null, priceOverridden: asked?.unitPriceCents != null };
    }),
    link,
    timeline,
  };
}

export type DraftView = Awaited<ReturnType<typeof getDraft>>;

/** What a draft's lines can be: every variant the shop sells now, by product, with its price and stock. */
export async function draftProductChoices(db: Database, storeId: string) {
  const rows = await db
    .select({ sku: variants.sku, title: products.title, attributes: variants.attributes, priceCents: variants.priceCents, stock: variants.stock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), eq(products.status, ON_SALE_STATUS)))
    .orderBy(asc(products.title), asc(variants.id));
  return rows.map((row) => ({ sku: row.sku, name: variantName(row.title, row.attributes), priceCents: row.priceCents, stock: row.stock }));
}

/** The shop's shipping options as a draft offers them, with their prices in cents. */
export async function draftShippingChoices(db: Database, storeId: string) {
  const rows = await storeRowsInPlace(db, shippingOptions, storeId);
  return rows.map((row) => ({ key: row.key, name: row.name, priceCents: row.priceCents }));
}
