/**
 * The back office's discount codes and the welcome popup's offer: create, change, pause, resume and end, each in one
 * transaction with its audit event. The fields written are the ones the shop reads in server/cart/discounts.ts (no
 * second copy of a rule here); usage and revenue are counted from the orders that carry the code. A change moves the
 * content version through the table's triggers (migration 0021), so cached pages and answers follow at once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DiscountInput, DiscountState, DiscountType, WelcomeOfferInput } from "../../core/schemas/admin-discounts";
import { codeIs, discountWindow, isRedeemableNow, type DiscountRow } from "../cart/discounts";
import type { Database } from "../db/client";
import { discounts, orders } from "../db/schema";
import { ORDER_GROUPS } from "../../core/order-lifecycle";
import { revenueCentsOf } from "../orders/revenue";
import { recordAudit, type AuditActor } from "../audit/audit";
import { conflict, notFound } from "../../core/errors";
import { assertFree, whenTaken } from "../db/unique-violation";
import { shopTimeZone } from "../store/settings";

export const DISCOUNT_NOT_FOUND = "No discount with this id in this store";
export const CODE_TAKEN = "Another discount has this code (codes match whatever their case)";
export const USED_CODE_KEEPS_NAME = "A code that orders have used keeps its name, so its usage stays counted; end it and make a new one";
export const ENDED_STAYS_ENDED = "An ended discount stays ended; make a new one";


export type DiscountRecord = {
  id: number;
  code: string;
  type: DiscountType;
  percentage: number | null;
  maxDiscountCents: number | null;
  amountCents: number | null;
  freeShipping: boolean;
  maxRedemptions: number;
  /** The first and last days, in the shop's time zone. */
  startsOn: string | null;
  endsOn: string | null;
  /** The moments those days make in the shop's time zone now (discountWindow). */
  startsAt: Date | null;
  endsAt: Date | null;
  minimumSubtotalCents: number | null;
  oncePerCustomer: boolean;
  appliesToRenewals: boolean;
  state: DiscountState;
  used: number;
  redemptions: number;
  revenueCents: number;
  createdAt: Date;
};

const typeOf = (row: DiscountRow): DiscountType =>
  row.percentage !== null ? "percentage" : (row.amountCents ?? 0) > 0 ? "fixed_amount" : "free_shipping";

/** The owner's pause and end first; then whatever keeps an active code from working now. */
export function stateOf(row: DiscountRow, now: Date, timeZone: string): DiscountState {
  if (row.status !== "active") return row.status;
  if (isRedeemableNow(row, now, timeZone)) return "active";
  const { start, end } = discountWindow(row, timeZone);
  if (start !== null && now < start) return "scheduled";
  if (end !== null && now >= end) return "expired";
  return "used_up";
}

type Usage = { used: number; revenueCents: number };

/** Each code's paid orders and their revenue, by the code in lower case (as the shop compares codes). */
async function usageByCode(db: Database, storeId: string, codes: string[]): Promise<Map<string, Usage>> {
  const usage = new Map<string, Usage>();
  if (codes.length === 0) return usage;
  const code = sql<string>`lower(${orders.discountCode})`;
  const rows = await db
    .select({
      code,
      used: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${revenueCentsOf()}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        isNotNull(orders.discountCode),
        inArray(code, codes.map((one) => one.toLowerCase())),
        inArray(orders.status, [...ORDER_GROUPS.placed]),
      ),
    )
    .groupBy(code);
  for (const row of rows) usage.set(row.code, { used: Number(row.used), revenueCents: Number(row.revenueCents) });
  return usage;
}

function recordOf(row: DiscountRow, usage: Usage | undefined, now: Date, timeZone: string): DiscountRecord {
  const { start, end } = discountWindow(row, timeZone);
  return {
    id: row.id,
    code: row.code,
    type: typeOf(row),
    percentage: row.percentage,
    maxDiscountCents: row.maxRedeemableCents,
    amountCents: row.percentage === null && (row.amountCents ?? 0) > 0 ? row.amountCents : null,
    freeShipping: row.freeShipping,
    maxRedemptions: row.maxRedemptions,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    startsAt: start,
    endsAt: end,
    minimumSubtotalCents: row.minimumSubtotalCents,
    oncePerCustomer: row.oncePerCustomer,
    appliesToRenewals: row.appliesToRenewals,
    state: stateOf(row, now, timeZone),
    used: usage?.used ?? 0,
    redemptions: row.redemptions,
    revenueCents: usage?.revenueCents ?? 0,
    createdAt: row.createdAt,
  };
}

/** The store's own codes, newest first: the popup's template and the welcome codes made from it are not listed. */
const storeCodes = (storeId: string) => and(eq(discounts.storeId, storeId), eq(discounts.isPopup, false), isNull(discounts.restrictedToEmail));

export async function listDiscounts(db: Database, storeId: string, now = new Date()): Promise<DiscountRecord[]> {
  const rows = await db.select().from(discounts).where(storeCodes(storeId)).orderBy(sql`${discounts.createdAt} desc`, sql`${discounts.id} desc`);
  const [usage, timeZone] = await Promise.all([usageByCode(db, storeId, rows.map((row) => row.code)), shopTimeZone(db, storeId)]);
  return rows.map((row) => recordOf(row, usage.get(row.code.toLowerCase()), now, timeZone));
}

async function discountRow(db: Database, storeId: string, id: number, forUpdate = false): Promise<DiscountRow> {
  const query = db.select().from(discounts).where(and(storeCodes(storeId), eq(discounts.id, id)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(DISCOUNT_NOT_FOUND);
  return row;
}

export async function getDiscountRecord(db: Database, storeId: string, id: number, now = new Date()): Promise<DiscountRecord> {
  const row = await discountRow(db, storeId, id);
  const [usage, timeZone] = await Promise.all([usageByCode(db, storeId, [row.code]), shopTimeZone(db, storeId)]);
  return recordOf(row, usage.get(row.code.toLowerCase()), now, timeZone);
}

/** A discount as the input that would save it unchanged: the start of a form. */
export function discountInputOf(record: DiscountRecord): DiscountInput {
  return {
    code: record.code,
    type: record.type,
    percentage: record.percentage,
    max_discount_cents: record.maxDiscountCents,
    amount_cents: record.amountCents,
    free_shipping: record.freeShipping,
    max_redemptions: record.maxRedemptions,
    starts_on: record.startsOn,
    ends_on: record.endsOn,
    minimum_subtotal_cents: record.minimumSubtotalCents,
    once_per_customer: record.oncePerCustomer,
    applies_to_renewals: record.appliesToRenewals,
  };
}

/** The row's fields for an input: each type writes the fields the shop's rule reads for it. */
function fieldsOf(input: DiscountInput) {
  return {
    code: input.code,
    percentage: input.type === "percentage" ? input.percentage : null,
    maxRedeemableCents: input.type === "percentage" ? input.max_discount_cents : null,
    amountCents: input.type === "fixed_amount" ? input.amount_cents : null,
    freeShipping: input.type === "free_shipping" || input.free_shipping,
    maxRedemptions: input.max_redemptions,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    minimumSubtotalCents: input.minimum_subtotal_cents,
    oncePerCustomer: input.once_per_customer,
    appliesToRenewals: input.applies_to_renewals,
  };
}

/** What the audit trail keeps of a discount: its terms and status, not its changing counts. */
function audited(row: DiscountRow) {
  return {
    code: row.code,
    percentage: row.percentage,
    max_discount_cents: row.maxRedeemableCents,
    amount_cents: row.amountCents,
    free_shipping: row.freeShipping,
    max_redemptions: row.maxRedemptions,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    minimum_subtotal_cents: row.minimumSubtotalCents,
    once_per_customer: row.oncePerCustomer,
    applies_to_renewals: row.appliesToRenewals,
    status: row.status,
  };
}

const codeTaken = () => conflict(CODE_TAKEN, "code");
const assertCodeFree = (db: Database, storeId: string, code: string, exceptId?: number) =>
  assertFree(db, discounts, storeId, codeIs(discounts.code, code), exceptId, codeTaken);
/** Two owners saving one code at once: the unique index decides, and the loser hears it as the field's problem. */
const refuseTakenCode = whenTaken("discounts_store_code_uq", codeTaken);

export async function createDiscount(db: Database, actor: AuditActor, input: DiscountInput): Promise<DiscountRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      await assertCodeFree(tx, storeId, input.code);
      const [row] = await tx
        .insert(discounts)
        .values({ storeId, ...fieldsOf(input) })
        .returning();
      await recordAudit(tx, actor, { action: "discount.create", entity: "discount", entityId: row.id, before: null, after: audited(row) });
      return recordOf(row, undefined, new Date(), await shopTimeZone(tx, storeId));
    })
    .catch(refuseTakenCode);
}

export async function updateDiscount(db: Database, actor: AuditActor, id: number, input: DiscountInput): Promise<DiscountRecord> {
  const { storeId } = actor;
  return db
    .transaction(async (tx) => {
      const before = await discountRow(tx, storeId, id, true);
      if (input.code !== before.code) {
        await assertCodeFree(tx, storeId, input.code, id);
        const usage = await usageByCode(tx, storeId, [before.code]);
        if (before.redemptions > 0 || usage.has(before.code.toLowerCase())) throw conflict(USED_CODE_KEEPS_NAME, "code");
      }
      const [after] = await tx
        .update(discounts)
        .set(fieldsOf(input))
        .where(eq(discounts.id, id))
        .returning();
      await recordAudit(tx, actor, { action: "discount.update", entity: "discount", entityId: id, before: audited(before), after: audited(after) });
      return getDiscountRecord(tx, storeId, id);
    })
    .catch(refuseTakenCode);
}

const STATUS_OF_ACTION = { pause: "paused", resume: "active", end: "ended" } as const;

/** Pause and resume as often as wished; an end is for good (a paused code may be ended). */
export async function changeDiscountStatus(
  db: Database,
  actor: AuditActor,
  id: number,
  action: keyof typeof STATUS_OF_ACTION,
): Promise<DiscountRecord> {
  return db.transaction(async (tx) => {
    const before = await discountRow(tx, actor.storeId, id, true);
    if (before.status === "ended") throw conflict(ENDED_STAYS_ENDED);
    const status = STATUS_OF_ACTION[action];
    if (status !== before.status) {
      const [after] = await tx.update(discounts).set({ status }).where(eq(discounts.id, id)).returning();
      await recordAudit(tx, actor, { action: `discount.${action}`, entity: "discount", entityId: id, before: audited(before), after: audited(after) });
    }
    return getDiscountRecord(tx, actor.storeId, id);
  });
}

// ---------------------------------------------------------------- the welcome popup's offer

export type WelcomeOffer = { enabled: boolean; percentage: number; codesSent: number; codesUsed: number };

/** The default a store without a popup row starts from in the form. */
const DEFAULT_WELCOME_PERCENTAGE = 10;

async function popupRow(db: Database, storeId: string, forUpdate = false) {
  const query = db
    .select()
    .from(discounts)
    .where(and(eq(discounts.storeId, storeId), eq(discounts.isPopup, true)))
    .orderBy(asc(discounts.id))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function getWelcomeOffer(db: Database, storeId: string): Promise<WelcomeOffer> {
  const [row, [sent]] = await Promise.all([
    popupRow(db, storeId),
    db
      .select({ count: sql<number>`count(*)::int`, used: sql<number>`count(*) filter (where ${discounts.redemptions} > 0)::int` })
      .from(discounts)
      .where(and(eq(discounts.storeId, storeId), isNotNull(discounts.restrictedToEmail))),
  ]);
  return {
    enabled: row !== null && row.status === "active" && (row.percentage ?? 0) > 0,
    percentage: row?.percentage || DEFAULT_WELCOME_PERCENTAGE,
    codesSent: Number(sent?.count ?? 0),
    codesUsed: Number(sent?.used ?? 0),
  };
}

/**
 * The popup offers `percentage` off the first order while enabled; off, it offers the newsletter alone. Codes sent
 * before keep their own terms.
 */
export async function setWelcomeOffer(db: Database, actor: AuditActor, input: WelcomeOfferInput): Promise<WelcomeOffer> {
  const { storeId } = actor;
  await db.transaction(async (tx) => {
    const before = await popupRow(tx, storeId, true);
    const status = input.enabled ? ("active" as const) : ("paused" as const);
    const after = before
      ? (await tx.update(discounts).set({ percentage: input.percentage, status }).where(eq(discounts.id, before.id)).returning())[0]
      : (
          await tx
            .insert(discounts)
            .values({ storeId, code: `WELCOME-TEMPLATE-${storeId}`, percentage: input.percentage, maxRedemptions: 0, isPopup: true, status })
            .returning()
        )[0];
    const view = (row: DiscountRow | null) => (row ? { enabled: row.status === "active" && (row.percentage ?? 0) > 0, percentage: row.percentage } : null);
    await recordAudit(tx, actor, { action: "welcome_offer.update", entity: "welcome_offer", entityId: after.id, before: view(before), after: view(after) });
  });
  return getWelcomeOffer(db, storeId);
}
