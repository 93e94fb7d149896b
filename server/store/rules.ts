/**
 * The store's rules as the back office changes them (permission `settings`): name, contact email, checkout on or off
 * and the minimum order live in the settings document; shipping options and tax rates are the very rows checkout
 * prices with (server/checkout/quote.ts). Every write is audited in its transaction. The looks are server/looks.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import type { ShippingOptionInput, StoreRules, TaxRateInput } from "../../core/schemas/admin-settings";
import type { StoreSettings } from "../../core/schemas/store-settings";
import type { Database } from "../db/client";
import { shippingOptions, taxRates } from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { changeStoreSettings, getStoreSettings } from "./settings";
import { conflict } from "../../core/errors";
import { storeRow, storeRowsInPlace } from "../db/store-rows";
import { whenTaken } from "../db/unique-violation";

export const SHIPPING_OPTION_NOT_FOUND = "Shipping option not found";
export const TAX_RATE_NOT_FOUND = "Tax rate not found";
export const LAST_SHIPPING_OPTION = "Checkout needs at least one shipping option; add another before deleting this one";
export const TAX_REGION_TAKEN = "This country and region already have a rate";

export function storeRulesOf(settings: StoreSettings): StoreRules {
  return {
    website_title: settings.websiteTitle,
    contact_email: settings.contactEmail ?? null,
    time_zone: settings.timeZone,
    checkout_enabled: settings.checkout.enabled,
    minimum_order_cents: settings.checkout.minimumOrderCents,
    cart_reminder_delay_minutes: settings.checkout.reminderDelayMinutes,
    subscription_reminder_days: settings.subscriptions.reminderDays,
    return_window_days: settings.returns.windowDays,
    legal_name: settings.invoicing.legalName,
    legal_address: settings.invoicing.address,
    tax_id: settings.invoicing.taxId,
  };
}

export async function getStoreRules(db: Database, storeId: string): Promise<StoreRules> {
  return storeRulesOf(await getStoreSettings(db, storeId));
}

export async function changeStoreRules(db: Database, actor: AuditActor, rules: StoreRules): Promise<StoreRules> {
  const settings = await changeStoreSettings(
    db,
    actor,
    {
      websiteTitle: rules.website_title,
      contactEmail: rules.contact_email,
      timeZone: rules.time_zone,
      checkout: {
        enabled: rules.checkout_enabled,
        minimumOrderCents: rules.minimum_order_cents,
        reminderDelayMinutes: rules.cart_reminder_delay_minutes,
      },
      subscriptions: { reminderDays: rules.subscription_reminder_days },
      returns: { windowDays: rules.return_window_days },
      invoicing: { legalName: rules.legal_name, address: rules.legal_address, taxId: rules.tax_id },
    },
    "store_rules.update",
  );
  return storeRulesOf(settings);
}

// ---------------------------------------------------------------- shipping options

type ShippingRow = typeof shippingOptions.$inferSelect;

/** What staff call the option an order or subscription ships with: its name, or its key once the option is gone. */
export async function shippingOptionName(db: Database, storeId: string, key: string): Promise<string> {
  const [row] = await db
    .select({ name: shippingOptions.name })
    .from(shippingOptions)
    .where(and(eq(shippingOptions.storeId, storeId), eq(shippingOptions.key, key)));
  return row?.name ?? key;
}

export type ShippingOptionRecord = ShippingOptionInput & { id: number; key: string };

const shippingRecord = (row: ShippingRow): ShippingOptionRecord => ({
  id: row.id,
  key: row.key,
  name: row.name,
  details: row.additionalInformation,
  price_cents: row.priceCents,
  free_shipping_threshold_cents: row.freeShippingThresholdCents,
});

const audited = (record: ShippingOptionRecord | TaxRateRecord) => ({ ...record }) as Record<string, unknown>;

export async function listShippingOptionRecords(db: Database, storeId: string): Promise<ShippingOptionRecord[]> {
  return (await storeRowsInPlace(db, shippingOptions, storeId)).map(shippingRecord);
}

const shippingRow = (tx: Database, storeId: string, id: number) => storeRow(tx, shippingOptions, storeId, id, SHIPPING_OPTION_NOT_FOUND, true);

/** The key checkout knows an option by, from its name: `Express (2 days)` is `express-2-days`, made unique. */
async function freeKey(tx: Database, storeId: string, name: string): Promise<string> {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "shipping";
  const taken = new Set((await tx.select({ key: shippingOptions.key }).from(shippingOptions).where(eq(shippingOptions.storeId, storeId))).map((row) => row.key));
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}-${suffix}`;
  return key;
}

const shippingValues = (input: ShippingOptionInput) => ({
  name: input.name,
  additionalInformation: input.details,
  priceCents: input.price_cents,
  freeShippingThresholdCents: input.free_shipping_threshold_cents,
});

export async function createShippingOption(db: Database, actor: AuditActor, input: ShippingOptionInput): Promise<ShippingOptionRecord> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    const existing = await tx.select({ position: shippingOptions.position }).from(shippingOptions).where(eq(shippingOptions.storeId, storeId));
    const position = Math.max(-1, ...existing.map((row) => row.position)) + 1;
    const [row] = await tx
      .insert(shippingOptions)
      .values({ storeId, key: await freeKey(tx, storeId, input.name), position, ...shippingValues(input) })
      .returning();
    const created = shippingRecord(row);
    await recordAudit(tx, actor, { action: "shipping_option.create", entity: "shipping_option", entityId: row.id, before: null, after: audited(created) });
    return created;
  });
}

export async function updateShippingOption(db: Database, actor: AuditActor, id: number, input: ShippingOptionInput): Promise<ShippingOptionRecord> {
  const { storeId } = actor;
  return db.transaction(async (tx) => {
    const before = shippingRecord(await shippingRow(tx, storeId, id));
    const [row] = await tx.update(shippingOptions).set(shippingValues(input)).where(eq(shippingOptions.id, id)).returning();
    const after = shippingRecord(row);
    await recordAudit(tx, actor, { action: "shipping_option.update", entity: "shipping_option", entityId: id, before: audited(before), after: audited(after) });
    return after;
  });
}

export async function deleteShippingOption(db: Database, actor: AuditActor, id: number): Promise<void> {
  const { storeId } = actor;
  await db.transaction(async (tx) => {
    const before = shippingRecord(await shippingRow(tx, storeId, id));
    const others = await tx
      .select({ id: shippingOptions.id })
      .from(shippingOptions)
      .where(and(eq(shippingOptions.storeId, storeId), ne(shippingOptions.id, id)))
      .for("update");
    if (others.length === 0) throw conflict(LAST_SHIPPING_OPTION);
    await tx.delete(shippingOptions).where(eq(shippingOptions.id, id));
    await recordAudit(tx, actor, { action: "shipping_option.delete", entity: "shipping_option", entityId: id, before: audited(before), after: null });
  });
}

// ---------------------------------------------------------------- tax rates

type TaxRow = typeof taxRates.$inferSelect;

export type TaxRateRecord = TaxRateInput & { id: number };

const taxRecord = (row: TaxRow): TaxRateRecord => ({
  id: row.id,
  country: row.country,
  region: row.region,
  rate_basis_points: row.rateBasisPoints,
  taxes_shipping: row.taxesShipping,
});

const taxValues = (input: TaxRateInput) => ({
  country: input.country,
  region: input.region,
  rateBasisPoints: input.rate_basis_points,
  taxesShipping: input.taxes_shipping,
});

export async function listTaxRateRecords(db: Database, storeId: string): Promise<TaxRateRecord[]> {
  const rows = await db.select().from(taxRates).where(eq(taxRates.storeId, storeId)).orderBy(asc(taxRates.country), asc(taxRates.region));
  return rows.map(taxRecord);
}

const taxRow = (tx: Database, storeId: string, id: number) => storeRow(tx, taxRates, storeId, id, TAX_RATE_NOT_FOUND, true);

/** Two rates for one region would leave checkout to pick one: the unique index decides, answered as a 409. */
const refuseTakenRegion = whenTaken("tax_rates_store_region_uq", () => conflict(TAX_REGION_TAKEN, "region"));

export async function createTaxRate(db: Database, actor: AuditActor, input: TaxRateInput): Promise<TaxRateRecord> {
  const [created] = await createTaxRates(db, actor, [input]);
  return created;
}

/**
 * The regions where the owner starts collecting sales tax, each at its rate, saved together or not at all: the
 * Taxes screen's "Where do you collect sales tax?" saves the states chosen at once.
 */
export async function createTaxRates(db: Database, actor: AuditActor, inputs: readonly TaxRateInput[]): Promise<TaxRateRecord[]> {
  return db
    .transaction(async (tx) => {
      const created: TaxRateRecord[] = [];
      for (const input of inputs) {
        const [row] = await tx.insert(taxRates).values({ storeId: actor.storeId, ...taxValues(input) }).returning();
        const record = taxRecord(row);
        await recordAudit(tx, actor, { action: "tax_rate.create", entity: "tax_rate", entityId: row.id, before: null, after: audited(record) });
        created.push(record);
      }
      return created;
    })
    .catch(refuseTakenRegion);
}

export async function updateTaxRate(db: Database, actor: AuditActor, id: number, input: TaxRateInput): Promise<TaxRateRecord> {
  return db
    .transaction(async (tx) => {
      const before = taxRecord(await taxRow(tx, actor.storeId, id));
      const [row] = await tx.update(taxRates).set(taxValues(input)).where(eq(taxRates.id, id)).returning();
      const after = taxRecord(row);
      await recordAudit(tx, actor, { action: "tax_rate.update", entity: "tax_rate", entityId: id, before: audited(before), after: audited(after) });
      return after;
    })
    .catch(refuseTakenRegion);
}

export async function deleteTaxRate(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = taxRecord(await taxRow(tx, actor.storeId, id));
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    await recordAudit(tx, actor, { action: "tax_rate.delete", entity: "tax_rate", entityId: id, before: audited(before), after: null });
  });
}
