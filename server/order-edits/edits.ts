/**
 * Editing a paid order before it ships (decision 0058), as Shopify's order editing, Medusa's order edits and Vendure's
 * order modification do it: quantities, a variant swapped for another of the same product, lines added or removed,
 * the shipping address or option. The edited order is priced by the checkout's one pricing and quote (a line kept
 * keeps the price it was sold at, the order keeps its discount code while the goods still meet it) and shown as a
 * difference before it is saved. Saving runs under the order's lock, refuses an order changed since its preview,
 * moves the stock, rewrites the lines and totals, records the edit and audits it; then a lower total is refunded
 * through the provider and a higher one asked of the customer by a payment link, and the customer is emailed.
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { canMove, ORDER_MOVES } from "../../core/order-lifecycle";
import type { LineRequest } from "../../core/cart";
import type { OrderEditChanges } from "../../core/schemas/order-edits";
import { badInput, conflict, DomainError, notFound, ruleBroken } from "../../core/errors";
import { recordAudit, type AuditActor } from "../audit/audit";
import type { AppDeps } from "../context";
import type { Database, Tx } from "../db/client";
import { orderEdits, orderLines, orders, products, variants, type OrderEditSnapshot, type PostalAddress } from "../db/schema";
import { discountKeptByOrder, minimumSubtotalRefusal } from "../cart/discounts";
import { priceCart, totalsOf, type PricedLine } from "../cart/pricing";
import { addressOf, orderLinesOf } from "../checkout/cart-orders";
import { listShippingOptions, quote, shippingOption, type KeptRates, type Quote } from "../checkout/quote";
import { OutOfStockError, releaseStock, reserveStock, stockNeeded, type StockMove } from "../orders/inventory";
import { lineText, withWords } from "../orders/line-words";
import { assertMove } from "../orders/lifecycle";
import { orderMoney } from "../../core/money";
import { insertOrderLines, linesOf, mailLogged, returnDiscount, type NewOrderLine, type Order } from "../orders/orders";
import { cancelOpenLink, openLinkOf, requestPayment, sendPaymentLink } from "../orders/payment-links";
import { documentAttachment, reissueInvoice } from "../orders/invoices";
import { makeOwedRefunds, oweRefundAcrossPayments } from "../orders/refunds";
import { keepCustomerFigures } from "../orders/customer-figures";
import { sendOrderEdited } from "./email";

type OrderLine = typeof orderLines.$inferSelect;

/** A line of the edited order: the order's line it came from (null for a product added), as the order will keep it. */
export type EditedLine = ReturnType<typeof orderLinesOf>[number] & { lineId: number | null; options: string };

export type EditPreview = {
  order: Order;
  lines: EditedLine[];
  before: OrderEditSnapshot;
  after: OrderEditSnapshot;
  /** The rate the edited order's shipping is taxed at (null: untaxed), kept with the order as its lines keep theirs. */
  shippingTaxRateBasisPoints: number | null;
  /** After less before, in cents. */
  differenceCents: number;
  /**
   * What the customer owes once the edit is saved: the difference plus what an open payment link still asks. Above
   * 0 it is asked by a new payment link (replacing the open one), below 0 it is refunded.
   */
  balanceCents: number;
  changes: string[];
  /** Units of each sku the edit takes from the shelf (negative: puts back), skus in order. */
  stock: { sku: string; delta: number }[];
};

export const ORDER_CHANGED_MESSAGE = "The order changed since this preview; review the new difference";
export const NOTHING_CHANGED_MESSAGE = "Nothing to change: the edit leaves the order as it is";

async function orderByNumber(db: Database, storeId: string, number: number, lock: boolean): Promise<Order> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.number, number)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw notFound(`Order ${number} not found`);
  return order;
}

/** An order may be edited while paid and holding its stock: a restock (a refund that put it back) left none to move. */
function assertEditable(order: Order) {
  assertMove(order, "edit");
  if (order.restockedAt !== null) throw conflict(`Order ${order.number}'s stock went back to the shelf with a refund; it cannot be changed`);
}

const snapshotOf = (order: Pick<Order, keyof Omit<OrderEditSnapshot, "lines">>, lines: readonly NewOrderLine[]): OrderEditSnapshot => ({
  lines: lines.map((line) => ({
    sku: line.sku ?? null,
    title: line.title,
    kind: line.kind,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  })),
  ...orderMoney(order),
  shippingAddress: order.shippingAddress,
  shippingOptionKey: order.shippingOptionKey,
});

/** The product a sku is a variant of, with the variant's options, or null for a sku the store does not have. */
async function variantsBySku(db: Database, storeId: string, skus: string[]) {
  if (skus.length === 0) return new Map<string, { handle: string; attributes: Record<string, string> }>();
  const rows = await db
    .select({ sku: variants.sku, handle: products.handle, attributes: variants.attributes })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.storeId, storeId), inArray(variants.sku, skus)));
  return new Map(rows.map((row) => [row.sku, row]));
}

/** What one request of the edited order asks, and where in the edit it came from (for a refusal naming the field). */
type Asked = { request: LineRequest; line: OrderLine | null; field: string };

/** The order's lines with the edit's changes applied, as requests for the one pricing; refused naming the field. */
async function askedLines(db: Database, order: Order, current: OrderLine[], changes: OrderEditChanges): Promise<Asked[]> {
  const byId = new Map(current.map((line) => [line.id, line]));
  const changed = new Map<number, { change: OrderEditChanges["lines"][number]; field: string }>();
  changes.lines.forEach((change, index) => {
    const field = `lines.${index}.line_id`;
    if (!byId.has(change.line_id)) throw badInput(`Order ${order.number} has no line ${change.line_id}`, field);
    if (changed.has(change.line_id)) throw badInput(`Line ${change.line_id} is changed twice; give it one change`, field);
    changed.set(change.line_id, { change, field: `lines.${index}` });
  });
  const known = await variantsBySku(db, order.storeId, [...changes.lines.flatMap((change) => change.sku ?? []), ...changes.add.map((added) => added.sku)]);
  const asked: Asked[] = current.flatMap((line): Asked[] => {
    const edit = changed.get(line.id);
    const quantity = edit?.change.quantity ?? line.quantity;
    const field = edit?.field ?? `lines.${line.id}`;
    if (quantity === 0) return [];
    if (line.kind === "bundle") {
      if (edit?.change.sku !== undefined) throw badInput("A bundle's contents are not swapped; change its quantity", `${field}.sku`);
      return [{ request: { kind: "bundle", bundleId: line.bundleId!, selectedVariants: line.attributes ?? {}, quantity }, line, field }];
    }
    let sku = line.sku!;
    const swap = edit?.change.sku;
    if (swap !== undefined && swap !== sku) {
      if (line.subscriptionId !== null) throw ruleBroken("A subscribed line's variant is changed on its subscription, not on the order", `${field}.sku`);
      const variant = known.get(swap);
      if (!variant || variant.handle !== line.productHandle) throw badInput(`"${swap}" is not a variant of ${line.title}`, `${field}.sku`);
      sku = swap;
    }
    return [{ request: { kind: "product", sku, subscription: line.subscriptionId ? { id: line.subscriptionId } : null, quantity }, line, field }];
  });
  changes.add.forEach((added, index) => {
    const field = `add.${index}`;
    if (!known.has(added.sku)) throw badInput(`unknown sku "${added.sku}"`, `${field}.sku`);
    // A product the order has once already (not subscribed) gets the units added to its line, as a cart would.
    const same = asked.find((entry) => entry.request.kind === "product" && entry.request.sku === added.sku && entry.request.subscription === null);
    if (same) same.request = { ...same.request, quantity: same.request.quantity + added.quantity };
    else asked.push({ request: { kind: "product", sku: added.sku, subscription: null, quantity: added.quantity }, line: null, field });
  });
  if (asked.length === 0) throw ruleBroken("An order keeps at least one line; cancel the order instead", "lines");
  return asked;
}

/** A line kept as it was sold (same sku, same plan, same bundle) keeps its price: a later price change never rewrites a past order. */
const keepsItsPrice = (line: OrderLine | null, priced: PricedLine) =>
  line !== null &&
  (priced.kind === "product" ? line.kind === "product" && line.sku === priced.sku : line.kind === "bundle" && line.bundleId === priced.bundleId);

/**
 * The rates an edit keeps (decision 0063): shipped to the same region, a line kept as it was sold keeps the rate it
 * was taxed at (untaxed stays untaxed), and the shipping, by the same option, its own; a line added or changed is
 * taxed at today's. Shipped elsewhere, everything is taxed as the new region taxes it.
 */
function keptRatesOf(order: Order, address: PostalAddress, shippingOptionKey: string, lines: { line: OrderLine | null; priced: PricedLine }[]): KeptRates | undefined {
  const sameRegion = address.country === order.shippingAddress.country && address.state === order.shippingAddress.state;
  if (!sameRegion) return undefined;
  return {
    lines: lines.map(({ line, priced }) => (keepsItsPrice(line, priced) ? line!.taxRateBasisPoints : undefined)),
    shipping: shippingOptionKey === order.shippingOptionKey ? order.shippingTaxRateBasisPoints : undefined,
  };
}

const addressText = (address: PostalAddress) =>
  [address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.postal_code}`, address.country].filter(Boolean).join(", ");

async function changesInWords(
  db: Database,
  order: Order,
  current: OrderLine[],
  edited: EditedLine[],
  shippingNames: { before: string; after: string },
): Promise<string[]> {
  const [was, now] = await Promise.all([withWords(db, order.storeId, current), withWords(db, order.storeId, edited)]);
  const words: string[] = [];
  for (const line of was) {
    const after = now.find((candidate) => candidate.lineId === line.id);
    if (!after) words.push(`Removed ${line.quantity} × ${lineText(line)}`);
    else if (after.sku !== line.sku) {
      words.push(`${line.title}: ${line.words.options || line.sku} → ${after.words.options || after.sku}${after.quantity !== line.quantity ? `, quantity ${line.quantity} → ${after.quantity}` : ""}`);
    } else if (after.quantity !== line.quantity) words.push(`${lineText(line)}: quantity ${line.quantity} → ${after.quantity}`);
  }
  for (const line of now.filter((candidate) => candidate.lineId === null)) words.push(`Added ${line.quantity} × ${lineText(line)}`);
  if (shippingNames.before !== shippingNames.after) words.push(`Shipping: ${shippingNames.before} → ${shippingNames.after}`);
  return words;
}

/**
 * The edited order priced by the one quote: its lines, totals, the difference and the stock it moves, and the changes
 * in words. Nothing is written. Refused, naming the field, when a change cannot be made.
 */
async function priceEdit(db: Database, order: Order, changes: OrderEditChanges): Promise<EditPreview> {
  assertEditable(order);
  const current = await linesOf(db, order.id);
  const asked = await askedLines(db, order, current, changes);
  const priced = await priceCart(db, order.storeId, asked.map((entry) => entry.request), null);
  const problem = priced.problems[0];
  if (problem) throw badInput(problem.message, asked[problem.index].field + problem.field.slice(`cartItems.${problem.index}`.length));
  const lines = priced.lines.map((line) => {
    const from = asked[line.inputIndex].line;
    return keepsItsPrice(from, line) ? { ...line, unitCents: from!.unitPriceCents } : line;
  });
  // The code the order redeemed stays while the goods still reach its minimum; otherwise the edit goes without it.
  const kept = order.discountCode ? await discountKeptByOrder(db, order.storeId, order.discountCode) : null;
  const discount = kept && !minimumSubtotalRefusal(totalsOf(lines, kept).subtotalCents, kept) ? kept : null;
  const address = changes.shipping_address ? addressOf(changes.shipping_address, changes.shipping_address.name ?? order.customerName) : order.shippingAddress;
  const shippingOptionKey = changes.shipping_option ?? order.shippingOptionKey;
  const q: Quote = await quote(
    db,
    order.storeId,
    lines,
    { address, email: order.email, name: address.name, shippingOptionKey, discountCode: discount?.code ?? null },
    { discount, keptRates: keptRatesOf(order, address, shippingOptionKey, lines.map((line) => ({ line: asked[line.inputIndex].line, priced: line }))) },
  );
  const editedLines: EditedLine[] = orderLinesOf(lines, q.taxes).map((line, index) => ({ ...line, lineId: asked[lines[index].inputIndex].line?.id ?? null, options: "" }));
  const worded = await withWords(db, order.storeId, editedLines);
  const edited = worded.map(({ words, ...line }) => ({ ...line, options: words.contents.length > 0 ? words.contents.map((item) => item.text).join("; ") : words.options }));
  const after = snapshotOf(
    {
      subtotalCents: q.priceInfo.subtotal,
      discountCents: q.priceInfo.discount,
      discountCode: q.discount?.code ?? null,
      shippingCents: q.priceInfo.shipping,
      taxCents: q.priceInfo.tax,
      totalCents: q.priceInfo.total,
      shippingAddress: address,
      shippingOptionKey: q.shipping.key,
    },
    edited,
  );
  const before = snapshotOf(order, current);
  const previousShipping = order.shippingOptionKey === q.shipping.key ? q.shipping : await shippingOption(db, order.storeId, order.shippingOptionKey).catch(() => null);
  const changed = await changesInWords(db, order, current, edited, { before: previousShipping?.name ?? order.shippingOptionKey, after: q.shipping.name });
  if (addressText(address) !== addressText(order.shippingAddress)) changed.push(`Shipping address: ${addressText(address)}`);
  if (before.discountCode !== after.discountCode) changed.push(`Discount code ${before.discountCode} no longer applies`);
  if (changed.length === 0) throw ruleBroken(NOTHING_CHANGED_MESSAGE);
  const needed = new Map<string, number>(stockNeeded(edited));
  for (const [sku, units] of stockNeeded(current)) needed.set(sku, (needed.get(sku) ?? 0) - units);
  const stock = [...needed.entries()]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, delta]) => ({ sku, delta }));
  const differenceCents = after.totalCents - before.totalCents;
  const owing = (await openLinkOf(db, order.id))?.amountCents ?? 0;
  return {
    order,
    lines: edited,
    before,
    after,
    shippingTaxRateBasisPoints: q.taxes.shippingRateBasisPoints,
    differenceCents,
    balanceCents: differenceCents + owing,
    changes: changed,
    stock,
  };
}

/** Short stock is said before the edit is saved, naming the SKU staff look for on the shelf. */
async function assertInStock(db: Database, storeId: string, stock: EditPreview["stock"]) {
  const taken = stock.filter((move) => move.delta > 0);
  if (taken.length === 0) return;
  const rows = await db
    .select({ sku: variants.sku, stock: variants.stock })
    .from(variants)
    .where(and(eq(variants.storeId, storeId), inArray(variants.sku, taken.map((move) => move.sku))));
  for (const move of taken) {
    const onShelf = rows.find((row) => row.sku === move.sku)?.stock ?? 0;
    if (onShelf < move.delta) throw conflict(shortMessage(move.sku, onShelf, move.delta));
  }
}

const shortMessage = (sku: string, onShelf: number, wanted: number) =>
  `Not enough stock of ${sku}: the change takes ${wanted} more and ${onShelf} ${onShelf === 1 ? "is" : "are"} on the shelf`;

/** What the edit would make of the order, priced by the one quote; nothing is saved. */
export async function previewEdit(deps: AppDeps, storeId: string, number: number, changes: OrderEditChanges): Promise<EditPreview> {
  const preview = await priceEdit(deps.db, await orderByNumber(deps.db, storeId, number, false), changes);
  await assertInStock(deps.db, storeId, preview.stock);
  return preview;
}

/**
 * Moves the edit's stock in one pass over the skus in order (as every stock move does, so two transactions never
 * deadlock): units added are taken, or the edit is refused naming the sku; units removed go back.
 */
async function moveStock(tx: Tx, storeId: string, stock: EditPreview["stock"], move: StockMove) {
  for (const { sku, delta } of stock) {
    if (delta < 0) {
      await releaseStock(tx, storeId, [[sku, -delta]], move);
      continue;
    }
    try {
      await reserveStock(tx, storeId, [[sku, delta]], move);
    } catch (error) {
      if (!(error instanceof OutOfStockError)) throw error;
      const [row] = await tx.select({ stock: variants.stock }).from(variants).where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
      throw conflict(shortMessage(sku, row?.stock ?? 0, delta));
    }
  }
}

/** The order's lines as edited: a line kept keeps its id (a later edit, the screens and the timeline name it), a line removed goes. */
async function rewriteLines(tx: Tx, order: Order, lines: EditedLine[]) {
  const kept = lines.flatMap((line) => (line.lineId === null ? [] : [line.lineId]));
  await tx
    .delete(orderLines)
    .where(and(eq(orderLines.orderId, order.id), kept.length === 0 ? undefined : notInArray(orderLines.id, kept)));
  for (const { lineId, options: _options, ...line } of lines) {
    if (lineId === null) await insertOrderLines(tx, order.storeId, order.id, [line]);
    else await tx.update(orderLines).set(line).where(eq(orderLines.id, lineId));
  }
}

export type AppliedEdit = EditPreview & {
  editId: number;
  /** What went back to the customer's card, and whether the provider has yet to confirm it. */
  refund: { amountCents: number; owed: boolean } | null;
  /** What the customer was asked to pay by a payment link. */
  paymentLink: { amountCents: number } | null;
};

/**
 * Saves the edit under the order's lock, only while the order is paid and unshipped (a shipment takes the same lock,
 * so one waits for the other and the second sees the first), and only if it prices to `expectedTotalCents`, the
 * total its preview showed: an order changed since (another edit, a new price) is refused, to be reviewed again.
 */
export async function applyEdit(
  deps: AppDeps,
  storeId: string,
  actor: AuditActor,
  number: number,
  changes: OrderEditChanges,
  expectedTotalCents: number,
): Promise<AppliedEdit> {
  const { edit, order, preview, link, documents } = await deps.db.transaction(async (tx) => {
    const locked = await orderByNumber(tx, storeId, number, true);
    const preview = await priceEdit(tx, locked, changes).catch((error: unknown) => {
      // The preview found these lines and something to change: a line gone or nothing left to change means another
      // edit was saved meanwhile (a second save of the same edit, another member's).
      const changedMeanwhile = error instanceof DomainError && (error.message === NOTHING_CHANGED_MESSAGE || error.field?.endsWith(".line_id"));
      throw changedMeanwhile ? conflict(ORDER_CHANGED_MESSAGE, "expected_total_cents") : error;
    });
    if (preview.after.totalCents !== expectedTotalCents) throw conflict(ORDER_CHANGED_MESSAGE, "expected_total_cents");
    const move: StockMove = { orderId: locked.id, actorLabel: actor.label, note: `order #${number} edited` };
    await moveStock(tx, storeId, preview.stock, move);
    const { after } = preview;
    if (locked.discountCode && after.discountCode === null) await returnDiscount(tx, storeId, locked.discountCode);
    const [order] = await tx
      .update(orders)
      .set({
        status: ORDER_MOVES.edit.to,
        subtotalCents: after.subtotalCents,
        discountCents: after.discountCents,
        discountCode: after.discountCode,
        shippingCents: after.shippingCents,
        taxCents: after.taxCents,
        shippingTaxRateBasisPoints: preview.shippingTaxRateBasisPoints,
        totalCents: after.totalCents,
        shippingAddress: after.shippingAddress,
        shippingOptionKey: after.shippingOptionKey,
        customerName: after.shippingAddress.name,
      })
      .where(eq(orders.id, locked.id))
      .returning();
    await keepCustomerFigures(tx, order);
    await rewriteLines(tx, locked, preview.lines);
    const [edit] = await tx
      .insert(orderEdits)
      .values({
        storeId,
        orderId: locked.id,
        actorLabel: actor.label,
        before: preview.before,
        after,
        differenceCents: preview.differenceCents,
        changes: preview.changes,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "order.edit",
      entity: "order",
      entityId: number,
      before: { lines: preview.before.lines, total_cents: preview.before.totalCents, shipping_address: preview.before.shippingAddress, shipping_option: preview.before.shippingOptionKey },
      after: { lines: after.lines, total_cents: after.totalCents, shipping_address: after.shippingAddress, shipping_option: after.shippingOptionKey, edit_id: edit.id },
    });
    const { balanceCents } = preview;
    const why = `order #${number} edited`;
    if (balanceCents > 0) {
      const link = await requestPayment(tx, order, { amountCents: balanceCents, purpose: "edit", actorLabel: actor.label });
      // Its invoice is issued anew when the link settles: until then the order is what the old one says was paid.
      return { edit, order: await orderById(tx, order.id), preview, link, documents: [] };
    }
    // Nothing more is owed: a link still open from an earlier edit can no longer be paid, and the order may ship.
    const settled = await cancelOpenLink(tx, order, actor.label, why);
    if (balanceCents < 0) {
      await oweRefundAcrossPayments(tx, locked, { amountCents: -balanceCents, key: `order-edit:${edit.id}`, reason: `${actor.label} edited the order`, orderEditId: edit.id });
    }
    return { edit, order: settled, preview, link: null, documents: await reissueInvoice(tx, settled) };
  });
  const { balanceCents } = preview;
  const refund = balanceCents < 0 ? { amountCents: -balanceCents, owed: (await makeOwedRefunds(deps, { orderId: order.id })) > 0 } : null;
  const paymentLink = link ? { amountCents: link.amountCents } : null;
  await mailLogged(order, "order edited", async () => sendOrderEdited(deps, order, edit, refund, paymentLink, await Promise.all(documents.map(documentAttachment))));
  if (link) await sendPaymentLink(deps, link);
  return { ...preview, order, editId: edit.id, refund, paymentLink };
}

const orderById = async (tx: Tx, id: number) => (await tx.select().from(orders).where(eq(orders.id, id)))[0];

/** Whether the order screen offers "Edit order": the lifecycle allows it and nothing was restocked. */
export const isEditable = (order: Pick<Order, "status" | "restockedAt">) => canMove(order.status, "edit") && order.restockedAt === null;

/** What the edit screen offers: the order's lines with the other variants of each product line, and the shipping options. */
export async function editScreen(db: Database, storeId: string, number: number) {
  const order = await orderByNumber(db, storeId, number, false);
  const lines = await withWords(db, storeId, await linesOf(db, order.id));
  const handles = [...new Set(lines.flatMap((line) => (line.kind === "product" && line.productHandle ? [line.productHandle] : [])))];
  const choices =
    handles.length === 0
      ? []
      : await db
          .select({ handle: products.handle, sku: variants.sku, attributes: variants.attributes, priceCents: variants.priceCents, stock: variants.stock })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(and(eq(variants.storeId, storeId), inArray(products.handle, handles)))
          .orderBy(variants.id);
  const options = (await listShippingOptions(db, storeId)).map((option) => ({ key: option.shipping_option_id, name: option.shipping_option_name }));
  return {
    order,
    editable: isEditable(order),
    lines: lines.map((line) => ({
      ...line,
      // A subscribed line keeps its variant (its plan is the variant's); a bundle's contents stay as they are.
      variants:
        line.kind === "product" && line.subscriptionId === null
          ? choices
              .filter((choice) => choice.handle === line.productHandle)
              .map((choice) => ({ sku: choice.sku, options: Object.values(choice.attributes).filter(Boolean).join(", "), priceCents: choice.priceCents, stock: choice.stock }))
          : [],
    })),
    shippingOptions: options,
  };
}
