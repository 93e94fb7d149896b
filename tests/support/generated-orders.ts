/**
 * A generated shop's orders, for checking the reports against direct SQL (server/reports/generated-shop.test.ts) and
 * timing them (scripts/bench/reports.ts) at sizes no hand-made test reaches (issue 36). Written straight into the
 * shop's tables in batches, as the checkout, refunds, returns, edits and subscriptions would have left them: lines
 * at the catalogue's prices taxed by the one formula (core/tax.ts) at several states' rates, discounts split over the
 * lines, shipping, refunds whole and partial (owed and made, some a month or more after the sale), returns and
 * exchanges' credited tax, edits' refunds, balances open links still ask, orders never paid, customers with accounts
 * and guests buying again (their emails typed in other cases), and subscriptions started, paused and cancelled.
 * A fair share of the orders is paid between 00:00 and 05:00 UTC, the evening before in the Americas, around the
 * shop's clock changes, and at the very start of one of its days, as are some subscriptions' cancellations. Every choice is drawn from a seeded generator: the same seed makes the same shop.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { asc, eq, sql } from "drizzle-orm";
import { lineTaxes, taxedAmounts, taxShares, totalTax, type RegionTax } from "../../core/tax";
import { rowsOf, type Database } from "../../server/db/client";
import {
  bundles,
  customers,
  orderEdits,
  orderLines,
  orders,
  paymentLinks,
  products,
  refunds,
  returnLines,
  returns,
  subscriptionLines,
  subscriptionOptions,
  subscriptions,
  variants,
} from "../../server/db/schema";

/** Mulberry32: 32 bits of state, full period, so millions of draws never cycle back (a float LCG can). */
export function seededGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The states the orders ship to and the tax each kept: four the shop collects in (Virginia's reduced rate for
 * groceries, New York and Texas taxing shipping, Texas with its reduced class at 0), two it does not.
 */
const REGIONS: readonly { state: string; weight: number; tax: RegionTax | null }[] = [
  { state: "CA", weight: 30, tax: { rateBasisPoints: 725, taxesShipping: false, classRates: {} } },
  { state: "NY", weight: 20, tax: { rateBasisPoints: 400, taxesShipping: true, classRates: {} } },
  { state: "VA", weight: 15, tax: { rateBasisPoints: 600, taxesShipping: false, classRates: { reduced: 100 } } },
  { state: "TX", weight: 10, tax: { rateBasisPoints: 625, taxesShipping: true, classRates: { reduced: 0 } } },
  { state: "OR", weight: 15, tax: null },
  { state: "WA", weight: 10, tax: null },
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 1000;

export type GeneratedShopOptions = {
  orders: number;
  /** Orders are paid from `from` until before `to`; refunds and cancellations may come after `to`. */
  from: Date;
  to: Date;
  /** The shop's zone: some orders are placed around its clock changes. */
  timeZone: string;
  seed?: number;
};

export type GeneratedShop = {
  orders: number;
  placed: number;
  lines: number;
  customers: number;
  refunds: number;
  returns: number;
  subscriptions: number;
};

/** The instants in [from, to) at which `timeZone`'s clocks change (its UTC offset differs an hour later). */
export function clockChanges(timeZone: string, from: Date, to: Date): Date[] {
  const offset = (ms: number) => new TZDate(ms, timeZone).getTimezoneOffset();
  const changes: Date[] = [];
  for (let day = from.getTime(); day < to.getTime(); day += DAY_MS) {
    if (offset(day) === offset(day + DAY_MS)) continue;
    for (let hour = day; hour < day + DAY_MS; hour += HOUR_MS) {
      if (offset(hour) !== offset(hour + HOUR_MS)) changes.push(new Date(hour + HOUR_MS));
    }
  }
  return changes;
}

type Sellable = { kind: "product" | "bundle"; title: string; handle: string | null; sku: string | null; bundleId: number | null; attributes: Record<string, string> | null; stock: Record<string, number>; priceCents: number; taxClass: string };
type Plan = { id: string; sku: string; priceCents: number; interval: number; intervalUnit: "day" | "week" | "month" | "year" };
type Line = Omit<typeof orderLines.$inferInsert, "storeId" | "orderId">;
type RefundDraft = { amountCents: number | null; taxCents: number; at: Date; owed: boolean; edit?: boolean };
type ReturnDraft = { exchange: boolean; worthCents: number; taxCents: number; at: Date };
type Draft = {
  order: Omit<typeof orders.$inferInsert, "storeId">;
  lines: Line[];
  refunds: RefundDraft[];
  link: { amountCents: number; open: boolean } | null;
  returned: ReturnDraft | null;
  subscription: { plan: Plan; quantity: number; status: "active" | "paused" | "past_due" | "cancelled"; cancelledAt: Date | null } | null;
};

/** The store's products (one sellable per variant) and bundles, their classes, and its subscription plans. */
async function catalogueOf(db: Database, storeId: string) {
  const rows = await db
    .select({ productId: products.id, title: products.title, handle: products.handle, taxClass: products.taxClass, sku: variants.sku, attributes: variants.attributes, priceCents: variants.priceCents })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.storeId, storeId))
    .orderBy(asc(variants.id));
  // Some products in the reduced and exempt classes, as an owner selling groceries and the like would put them.
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const classOf = new Map(productIds.map((id, rank) => [id, rank % 5 === 1 ? "reduced" : rank % 7 === 3 ? "exempt" : "standard"]));
  for (const [id, taxClass] of classOf) {
    if (taxClass !== "standard") await db.update(products).set({ taxClass }).where(eq(products.id, id));
  }
  const sellables: Sellable[] = rows.map((row) => ({
    kind: "product",
    title: row.title,
    handle: row.handle,
    sku: row.sku,
    bundleId: null,
    attributes: row.attributes,
    stock: { [row.sku]: 1 },
    priceCents: row.priceCents,
    taxClass: row.taxClass === "standard" ? classOf.get(row.productId)! : row.taxClass,
  }));
  const bundleRows = await db.select().from(bundles).where(eq(bundles.storeId, storeId)).orderBy(asc(bundles.id));
  const bundled: Sellable[] = bundleRows.map((row) => ({
    kind: "bundle",
    title: row.title,
    handle: null,
    sku: null,
    bundleId: row.id,
    attributes: {},
    stock: row.skuToQuantity,
    priceCents: row.priceCents,
    taxClass: "standard",
  }));
  const plans: Plan[] = await db
    .select({ id: subscriptionOptions.id, sku: variants.sku, priceCents: subscriptionOptions.priceCents, interval: subscriptionOptions.interval, intervalUnit: subscriptionOptions.intervalUnit })
    .from(subscriptionOptions)
    .innerJoin(variants, eq(variants.id, subscriptionOptions.variantId))
    .where(eq(subscriptionOptions.storeId, storeId))
    .orderBy(asc(subscriptionOptions.id));
  return { sellables, bundled, plans };
}

async function inBatches<Row>(rows: readonly Row[], size: number, insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** Adds `options.orders` orders, their customers and what came after them to the store (its catalogue already there). */
export async function generateShop(db: Database, storeId: string, options: GeneratedShopOptions): Promise<GeneratedShop> {
  const seed = options.seed ?? 36;
  const random = seededGenerator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  /** Skewed to the front of the list: a few best sellers and loyal customers, a long tail. */
  const favourite = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2.2 * list.length)];
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const { sellables, bundled, plans } = await catalogueOf(db, storeId);
  if (sellables.length === 0) throw new Error(`store ${storeId} has no catalogue to sell`);

  // Customers: accounts (some typing their email in another case at checkout) and guests, some buying again.
  const accountCount = Math.max(1, Math.ceil(options.orders / 8));
  const guestCount = Math.max(1, Math.ceil(options.orders / 5));
  const accountRows = Array.from({ length: accountCount }, (_, index) => ({
    storeId,
    email: `shopper.${seed}.${index}@example.com`,
    emailNormalized: `shopper.${seed}.${index}@example.com`,
    passwordHash: "generated: no password",
    firstName: "Shopper",
    lastName: String(index),
  }));
  const accounts: { id: number; email: string }[] = [];
  await inBatches(accountRows, BATCH, async (batch) => accounts.push(...(await db.insert(customers).values(batch).returning({ id: customers.id, email: customers.email }))));
  const buyer = () => {
    const chance = random();
    if (chance < 0.55) {
      const account = favourite(accounts);
      const typed = random() < 0.1 ? ` ${account.email.toUpperCase()}` : account.email;
      return { customerId: account.id, email: typed, name: `Shopper ${account.id}` };
    }
    // An account holder checking out as a guest: the same customer by email (decision 0053).
    if (chance < 0.6) return { customerId: null, email: favourite(accounts).email.replace("shopper", "Shopper"), name: "Shopper as guest" };
    const guest = Math.floor(random() ** 1.5 * guestCount);
    const email = `guest.${seed}.${guest}@example.net`;
    return { customerId: null, email: random() < 0.1 ? `${email.toUpperCase()} ` : email, name: `Guest ${guest}` };
  };

  const from = options.from.getTime();
  const span = options.to.getTime() - from;
  const changes = clockChanges(options.timeZone, options.from, options.to).map((at) => at.getTime());
  const within = (ms: number) => Math.min(from + span - 1, Math.max(from, ms));
  /** The start of the shop's day `ms` falls in: a moment on the boundary between two days of every report. */
  const midnight = (ms: number) => new Date(Math.max(from, startOfDay(new TZDate(ms, options.timeZone)).getTime()));
  const paidAt = () => {
    const chance = random();
    if (chance < 0.02) return midnight(from + random() * span);
    if (chance < 0.1 && changes.length > 0) return new Date(within(pick(changes) + (random() * 2 - 1) * 36 * HOUR_MS));
    if (chance < 0.4) {
      const midnight = Math.floor((from + random() * span) / DAY_MS) * DAY_MS;
      return new Date(within(midnight + random() * 5 * HOUR_MS));
    }
    return new Date(from + random() * span);
  };
  const later = (at: Date, minHours: number, maxDays: number) => new Date(at.getTime() + minHours * HOUR_MS + random() * maxDays * DAY_MS);

  const drafts: Draft[] = [];
  for (let n = 0; n < options.orders; n++) {
    const at = paidAt();
    const who = buyer();
    const region = (() => {
      let roll = random() * REGIONS.reduce((sum, r) => sum + r.weight, 0);
      for (const candidate of REGIONS) if ((roll -= candidate.weight) < 0) return candidate;
      return REGIONS[0];
    })();
    const fate = random();
    const unpaid = fate < 0.03;
    const subscribes = !unpaid && plans.length > 0 && random() < 0.025;
    const plan = subscribes ? pick(plans) : null;

    const chosen: { item: Sellable; quantity: number; unitCents: number; subscriptionId: string | null }[] = [];
    if (plan) {
      const item = sellables.find((sellable) => sellable.sku === plan.sku)!;
      chosen.push({ item, quantity: between(1, 3), unitCents: plan.priceCents, subscriptionId: plan.id });
    }
    const lineCount = 1 + Math.floor(random() ** 2 * 4);
    while (chosen.length < lineCount) {
      const item = bundled.length > 0 && random() < 0.05 ? pick(bundled) : favourite(sellables);
      if (chosen.some((line) => line.item === item)) continue;
      chosen.push({ item, quantity: 1 + Math.floor(random() ** 3 * 4), unitCents: item.priceCents, subscriptionId: null });
    }
    const totals = chosen.map((line) => line.unitCents * line.quantity);
    const subtotal = totals.reduce((sum, cents) => sum + cents, 0);
    const coupon = random();
    const [discountCode, discount] = coupon < 0.1 ? ["TAKE10", Math.round(subtotal / 10)] : coupon < 0.18 ? ["FIVEOFF", Math.min(500, subtotal)] : [null, 0];
    const express = random() < 0.15;
    const shipping = express ? 1499 : subtotal - discount >= 5000 ? 0 : 599;
    const taxes = lineTaxes(
      chosen.map((line, index) => ({ totalCents: totals[index], taxClass: line.item.taxClass })),
      discount,
      region.tax,
    );
    const shippingRate = region.tax?.taxesShipping ? region.tax.rateBasisPoints : null;
    const lines: Line[] = chosen.map((line, index) => ({
      kind: line.item.kind,
      title: line.item.title,
      productHandle: line.item.handle,
      sku: line.item.sku,
      bundleId: line.item.bundleId,
      subscriptionId: line.subscriptionId,
      attributes: line.item.attributes,
      stockComponents: line.item.stock,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      lineTotalCents: totals[index],
      ...taxes[index],
    }));
    const amounts = taxedAmounts(lines as Required<Pick<Line, "lineTotalCents" | "discountCents" | "taxRateBasisPoints">>[], { cents: shipping, rateBasisPoints: shippingRate });
    const tax = totalTax(amounts);
    const total = subtotal - discount + shipping + tax;

    const draft: Draft = {
      order: {
        number: null,
        status: "fulfilled",
        email: who.email,
        customerName: who.name,
        customerId: who.customerId,
        shippingAddress: { name: who.name, line1: `${n} Main St`, city: "Springfield", state: random() < 0.05 ? region.state.toLowerCase() : region.state, postal_code: "00000", country: "US" },
        shippingOptionKey: express ? "express" : "standard",
        subtotalCents: subtotal,
        discountCents: discount,
        discountCode,
        shippingCents: shipping,
        taxCents: tax,
        shippingTaxRateBasisPoints: shippingRate,
        totalCents: total,
        idempotencyKey: `generated-${seed}-${n}`,
        paymentProvider: "simulated",
        paymentReference: `generated-${seed}-${n}`,
        createdAt: new Date(at.getTime() - random() * 600_000),
        paidAt: at,
      },
      lines,
      refunds: [],
      link: null,
      returned: null,
      subscription: null,
    };
    const order = draft.order;
    if (unpaid) {
      Object.assign(order, { status: pick(["pending", "failed", "expired"] as const), paidAt: null, paymentReference: null, createdAt: at });
    } else {
      const shipped = at.getTime() < from + span - 5 * DAY_MS;
      order.status = shipped ? "fulfilled" : "paid";
      if (shipped) order.fulfilledAt = later(at, 12, 4);
      const owed = () => random() < 0.1;
      if (fate < 0.055) {
        // Refunded whole, the refund naming no amount (the payment's whole) or the total.
        order.status = "refunded";
        draft.refunds.push({ amountCents: random() < 0.5 ? null : total, taxCents: tax, at: later(at, 1, 40), owed: owed() });
      } else if (fate < 0.07) {
        order.status = "cancelled";
        order.fulfilledAt = null;
        order.cancelledAt = later(at, 1, 3);
        draft.refunds.push({ amountCents: null, taxCents: tax, at: order.cancelledAt, owed: owed() });
      } else if (fate < 0.12) {
        // Partly refunded by the owner, the tax given back in proportion; a quarter of them twice.
        const times = random() < 0.25 ? 2 : 1;
        let left = tax;
        for (let time = 0; time < times; time++) {
          const amount = Math.max(1, Math.round(total * (0.1 + random() * 0.3)));
          const refundTax = Math.min(left, Math.round((amount * tax) / Math.max(1, total)));
          left -= refundTax;
          draft.refunds.push({ amountCents: amount, taxCents: refundTax, at: later(at, 2, 60), owed: owed() });
        }
      } else if (fate < 0.14 && shipped) {
        // A unit of the first line returned: refunded its worth and tax, or taken as credit by an exchange.
        const first = lines[0];
        const share = taxShares(amounts)[0];
        const worth = Math.round((first.lineTotalCents - first.discountCents!) / first.quantity);
        const returnTax = Math.round(share / first.quantity);
        const exchange = random() < 0.3;
        const returnedAt = later(order.fulfilledAt!, 48, 30);
        draft.returned = { exchange, worthCents: worth, taxCents: returnTax, at: returnedAt };
        if (!exchange) draft.refunds.push({ amountCents: worth + returnTax, taxCents: returnTax, at: returnedAt, owed: false });
      } else if (fate < 0.15) {
        // Edited to ask for more: the balance an open link still asks is not revenue yet.
        order.status = "awaiting_payment";
        order.fulfilledAt = null;
        draft.link = { amountCents: Math.max(1, Math.round(total * 0.2)), open: true };
      } else if (fate < 0.16) {
        draft.link = { amountCents: Math.max(1, Math.round(total * 0.15)), open: false };
      } else if (fate < 0.167) {
        // An edit's refund is part of the lower total the edit left, not a refund of the order (decision 0058).
        draft.refunds.push({ amountCents: Math.max(1, Math.round(total * 0.1)), taxCents: 0, at: later(at, 1, 3), owed: false, edit: true });
      } else if (fate < 0.172) {
        order.status = "backordered";
        order.fulfilledAt = null;
      }
      if (plan) {
        const cancelling = random();
        const cancelledAt = cancelling < 0.1 ? midnight(later(at, 24 * 7, 240).getTime()) : cancelling < 0.35 ? later(at, 24 * 7, 240) : null;
        const cancelled = cancelledAt !== null && cancelledAt.getTime() < from + span;
        draft.subscription = {
          plan,
          quantity: chosen[0].quantity,
          status: cancelled ? "cancelled" : pick(["active", "active", "active", "active", "paused", "past_due"] as const),
          cancelledAt: cancelled ? cancelledAt : null,
        };
      }
    }
    drafts.push(draft);
  }

  // Numbers in the order of payment, after any the shop has.
  drafts.sort((a, b) => (a.order.paidAt?.getTime() ?? a.order.createdAt!.getTime()) - (b.order.paidAt?.getTime() ?? b.order.createdAt!.getTime()));
  const [{ last }] = await rowsOf<{ last: number }>(db, sql`select coalesce(max(number), 0)::int as last from orders where store_id = ${storeId}`);
  let number = last;
  for (const draft of drafts) if (draft.order.paidAt) draft.order.number = ++number;

  const orderIds = new Map<Draft, number>();
  const firstLineIds = new Map<Draft, number>();
  await inBatches(drafts, BATCH, async (batch) => {
    const inserted = await db
      .insert(orders)
      .values(batch.map((draft) => ({ ...draft.order, storeId })))
      .returning({ id: orders.id, key: orders.idempotencyKey });
    const idOf = new Map(inserted.map((row) => [row.key, row.id]));
    for (const draft of batch) orderIds.set(draft, idOf.get(draft.order.idempotencyKey)!);
    const rows = batch.flatMap((draft) => draft.lines.map((line) => ({ ...line, storeId, orderId: orderIds.get(draft)! })));
    const byOrder = new Map(batch.map((draft) => [orderIds.get(draft)!, draft]));
    await inBatches(rows, BATCH * 2, async (lineBatch) => {
      for (const line of await db.insert(orderLines).values(lineBatch).returning({ id: orderLines.id, orderId: orderLines.orderId })) {
        const draft = byOrder.get(line.orderId)!;
        if (!firstLineIds.has(draft)) firstLineIds.set(draft, line.id);
      }
    });
  });

  const placed = drafts.filter((draft) => draft.order.paidAt);
  const edited = placed.filter((draft) => draft.refunds.some((refund) => refund.edit));
  const editIds = new Map<Draft, number>();
  await inBatches(edited, BATCH, async (batch) => {
    const snapshot = (draft: Draft, totalCents: number) => ({
      lines: draft.lines.map((line) => ({ sku: line.sku ?? null, title: line.title, kind: line.kind, quantity: line.quantity, unitPriceCents: line.unitPriceCents, lineTotalCents: line.lineTotalCents })),
      subtotalCents: draft.order.subtotalCents,
      discountCents: draft.order.discountCents ?? 0,
      discountCode: draft.order.discountCode ?? null,
      shippingCents: draft.order.shippingCents ?? 0,
      taxCents: draft.order.taxCents ?? 0,
      totalCents,
      shippingAddress: draft.order.shippingAddress,
      shippingOptionKey: draft.order.shippingOptionKey,
    });
    const inserted = await db
      .insert(orderEdits)
      .values(
        batch.map((draft) => {
          const refunded = draft.refunds.find((refund) => refund.edit)!.amountCents!;
          return {
            storeId,
            orderId: orderIds.get(draft)!,
            actorLabel: "generated",
            before: snapshot(draft, draft.order.totalCents + refunded),
            after: snapshot(draft, draft.order.totalCents),
            differenceCents: -refunded,
            changes: ["A line's quantity lowered"],
            createdAt: draft.refunds.find((refund) => refund.edit)!.at,
          };
        }),
      )
      .returning({ id: orderEdits.id, orderId: orderEdits.orderId });
    const byOrder = new Map(inserted.map((row) => [row.orderId, row.id]));
    for (const draft of batch) editIds.set(draft, byOrder.get(orderIds.get(draft)!)!);
  });

  const refundRows = placed.flatMap((draft) =>
    draft.refunds.map((refund, index) => ({
      storeId,
      orderId: orderIds.get(draft)!,
      provider: "simulated",
      paymentReference: draft.order.paymentReference!,
      amountCents: refund.amountCents,
      orderEditId: refund.edit ? editIds.get(draft)! : null,
      taxCents: refund.taxCents,
      reason: refund.edit ? "order edit" : draft.returned ? "return" : "requested by customer",
      idempotencyKey: `${draft.order.idempotencyKey}-refund-${index}`,
      status: refund.owed ? ("owed" as const) : ("succeeded" as const),
      createdAt: refund.at,
      settledAt: refund.owed ? null : refund.at,
    })),
  );
  await inBatches(refundRows, BATCH, (batch) => db.insert(refunds).values(batch));

  const linked = placed.filter((draft) => draft.link);
  await inBatches(linked, BATCH, (batch) =>
    db.insert(paymentLinks).values(
      batch.map((draft) => ({
        storeId,
        orderId: orderIds.get(draft)!,
        purpose: "edit" as const,
        amountCents: draft.link!.amountCents,
        status: draft.link!.open ? ("open" as const) : ("paid" as const),
        paymentReference: draft.link!.open ? null : `${draft.order.idempotencyKey}-link`,
        paidWith: draft.link!.open ? null : "card",
        createdBy: "generated",
        settledAt: draft.link!.open ? null : later(draft.order.paidAt!, 1, 5),
      })),
    ),
  );

  const returned = placed.filter((draft) => draft.returned);
  await inBatches(returned, BATCH, async (batch) => {
    const inserted = await db
      .insert(returns)
      .values(
        batch.map((draft) => {
          const { exchange, worthCents, taxCents, at } = draft.returned!;
          return {
            storeId,
            orderId: orderIds.get(draft)!,
            status: "closed" as const,
            reason: "changed_mind" as const,
            requestedBy: "customer",
            refundedCents: exchange ? null : worthCents + taxCents,
            creditTaxCents: exchange ? taxCents : 0,
            createdAt: new Date(at.getTime() - 2 * DAY_MS),
            approvedAt: new Date(at.getTime() - 2 * DAY_MS),
            receivedAt: at,
            refundedAt: exchange ? null : at,
            closedAt: at,
          };
        }),
      )
      .returning({ id: returns.id, orderId: returns.orderId });
    const byOrder = new Map(inserted.map((row) => [row.orderId, row.id]));
    await db.insert(returnLines).values(
      batch.map((draft) => ({ storeId, returnId: byOrder.get(orderIds.get(draft)!)!, orderLineId: firstLineIds.get(draft)!, quantity: 1, restocked: true })),
    );
  });

  const subscribed = placed.filter((draft) => draft.subscription);
  await inBatches(subscribed, BATCH, async (batch) => {
    const inserted = await db
      .insert(subscriptions)
      .values(
        batch.map((draft) => {
          const { plan, status, cancelledAt } = draft.subscription!;
          const order = draft.order;
          return {
            storeId,
            firstOrderId: orderIds.get(draft)!,
            customerId: order.customerId,
            email: order.email,
            customerName: order.customerName,
            status,
            interval: plan.interval,
            intervalUnit: plan.intervalUnit,
            shippingAddress: order.shippingAddress,
            shippingOptionKey: order.shippingOptionKey,
            paymentProvider: order.paymentProvider,
            paymentReference: order.paymentReference!,
            nextRenewalAt: new Date(order.paidAt!.getTime() + 14 * DAY_MS),
            cancelledAt,
            cancelReason: cancelledAt ? "Too much coffee" : null,
            createdAt: order.paidAt!,
          };
        }),
      )
      .returning({ id: subscriptions.id, firstOrderId: subscriptions.firstOrderId });
    const byOrder = new Map(inserted.map((row) => [row.firstOrderId, row.id]));
    await db.insert(subscriptionLines).values(
      batch.map((draft) => ({
        storeId,
        subscriptionId: byOrder.get(orderIds.get(draft)!)!,
        sku: draft.subscription!.plan.sku,
        subscriptionOptionId: draft.subscription!.plan.id,
        quantity: draft.subscription!.quantity,
      })),
    );
  });

  return {
    orders: drafts.length,
    placed: placed.length,
    lines: drafts.reduce((sum, draft) => sum + draft.lines.length, 0),
    customers: accounts.length,
    refunds: refundRows.length,
    returns: returned.length,
    subscriptions: subscribed.length,
  };
}
