/**
 * The store's rules as the back office changes them (permission `settings`): name, contact email, checkout on or off
 * and the minimum order live in the settings document; shipping options, tax rates (each region's, with its rates for
 * the tax classes) and the owner's tax classes are the very rows checkout prices with (server/checkout/quote.ts,
 * decision 0063). Every write is audited in its transaction. The looks are server/looks.
 */
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { ShippingOptionInput, StoreRules, TaxClassInput, TaxRateInput } from "../../core/schemas/admin-settings";
import { BUILT_IN_TAX_CLASSES, hasOwnRate, type TaxClass } from "../../core/tax";
import type { StoreSettings } from "../../core/schemas/store-settings";
import type { Database } from "../db/client";
import { products, shippingOptions, taxClasses, taxClassRates, taxRates } from "../db/schema";
import { recordAudit, type AuditActor } from "../audit/audit";
import { changeStoreSettings, getStoreSettings } from "./settings";
import { badInput, conflict, notFound } from "../../core/errors";
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

/** A key made from a name, `Express (2 days)` as `express-2-days` (at most `length` before a suffix), not one `taken`. */
function keyFromName(name: string, fallback: string, taken: ReadonlySet<string>, length: number): string {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, length) || fallback;
  let key = base;
  for (let suffix = 2; taken.has(key); suffix++) key = `${base}-${suffix}`;
  return key;
}

/** The key checkout knows an option by, from its name, made unique. */
async function freeKey(tx: Database, storeId: string, name: string): Promise<string> {
  const taken = new Set((await tx.select({ key: shippingOptions.key }).from(shippingOptions).where(eq(shippingOptions.storeId, storeId))).map((row) => row.key));
  return keyFromName(name, "shipping", taken, 40);
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

export type TaxRateRecord = TaxRateInput & { id: number; class_rates: Record<string, number> };

const taxRecord = (row: TaxRow, classRates: Record<string, number>): TaxRateRecord => ({
  id: row.id,
  country: row.country,
  region: row.region,
  rate_basis_points: row.rateBasisPoints,
  taxes_shipping: row.taxesShipping,
  class_rates: classRates,
});

const taxValues = (input: TaxRateInput) => ({
  country: input.country,
  region: input.region,
  rateBasisPoints: input.rate_basis_points,
  taxesShipping: input.taxes_shipping,
});

/** Each rate's class rates, by the rate's id. */
async function classRatesOf(db: Database, taxRateIds: number[]): Promise<Map<number, Record<string, number>>> {
  const byRate = new Map<number, Record<string, number>>(taxRateIds.map((id) => [id, {}]));
  if (taxRateIds.length === 0) return byRate;
  const rows = await db.select().from(taxClassRates).where(inArray(taxClassRates.taxRateId, taxRateIds)).orderBy(asc(taxClassRates.taxClass));
  for (const row of rows) byRate.get(row.taxRateId)![row.taxClass] = row.rateBasisPoints;
  return byRate;
}

export async function listTaxRateRecords(db: Database, storeId: string): Promise<TaxRateRecord[]> {
  const rows = await db.select().from(taxRates).where(eq(taxRates.storeId, storeId)).orderBy(asc(taxRates.country), asc(taxRates.region));
  const classRates = await classRatesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => taxRecord(row, classRates.get(row.id)!));
}

const taxRow = (tx: Database, storeId: string, id: number) => storeRow(tx, taxRates, storeId, id, TAX_RATE_NOT_FOUND, true);

/** Two rates for one region would leave checkout to pick one: the unique index decides, answered as a 409. */
const refuseTakenRegion = whenTaken("tax_rates_store_region_uq", () => conflict(TAX_REGION_TAKEN, "region"));

/**
 * The region's rates for its other classes, replaced by `classRates`: only a class the store has and that takes a
 * rate of its own (not standard, which is the region's rate, nor exempt, always 0), refused naming it otherwise.
 */
async function setClassRates(tx: Database, storeId: string, taxRateId: number, classRates: Record<string, number>) {
  const known = new Set((await listTaxClasses(tx, storeId)).map((taxClass) => taxClass.key));
  for (const key of Object.keys(classRates)) {
    if (!known.has(key)) throw badInput(`No tax class "${key}" in this store`, `class_rates.${key}`);
    if (!hasOwnRate(key)) throw badInput(`The ${key} class takes no rate of its own: standard is the region's rate, exempt is always 0`, `class_rates.${key}`);
  }
  await tx.delete(taxClassRates).where(eq(taxClassRates.taxRateId, taxRateId));
  const rows = Object.entries(classRates).map(([taxClass, rateBasisPoints]) => ({ storeId, taxRateId, taxClass, rateBasisPoints }));
  if (rows.length > 0) await tx.insert(taxClassRates).values(rows);
}

/** The rate as it now stands, with its class rates. */
async function taxRecordOf(tx: Database, row: TaxRow) {
  return taxRecord(row, (await classRatesOf(tx, [row.id])).get(row.id)!);
}

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
        if (input.class_rates) await setClassRates(tx, actor.storeId, row.id, input.class_rates);
        const record = await taxRecordOf(tx, row);
        await recordAudit(tx, actor, { action: "tax_rate.create", entity: "tax_rate", entityId: row.id, before: null, after: audited(record) });
        created.push(record);
      }
      return created;
    })
    .catch(refuseTakenRegion);
}

/** Replaces the region's rate; its class rates too when the input gives them (absent keeps them). */
export async function updateTaxRate(db: Database, actor: AuditActor, id: number, input: TaxRateInput): Promise<TaxRateRecord> {
  return db
    .transaction(async (tx) => {
      const before = await taxRecordOf(tx, await taxRow(tx, actor.storeId, id));
      const [row] = await tx.update(taxRates).set(taxValues(input)).where(eq(taxRates.id, id)).returning();
      if (input.class_rates) await setClassRates(tx, actor.storeId, id, input.class_rates);
      const after = await taxRecordOf(tx, row);
      await recordAudit(tx, actor, { action: "tax_rate.update", entity: "tax_rate", entityId: id, before: audited(before), after: audited(after) });
      return after;
    })
    .catch(refuseTakenRegion);
}

/** The region's rate and its class rates go: orders there are no longer taxed (past orders keep what they were charged). */
export async function deleteTaxRate(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await taxRecordOf(tx, await taxRow(tx, actor.storeId, id));
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    await recordAudit(tx, actor, { action: "tax_rate.delete", entity: "tax_rate", entityId: id, before: audited(before), after: null });
  });
}

// ---------------------------------------------------------------- tax classes

export const TAX_CLASS_NOT_FOUND = "Tax class not found";
export const BUILT_IN_TAX_CLASS = "Standard, reduced and exempt are built in and cannot be deleted";
export const TAX_CLASS_IN_USE = "Products are in this class; move them to another class first";
export const TAX_CLASS_NAME_TAKEN = "A tax class has this name already";

/** The built-in classes, then the store's own by name. */
export async function listTaxClasses(db: Database, storeId: string): Promise<TaxClass[]> {
  const own = await db.select().from(taxClasses).where(eq(taxClasses.storeId, storeId)).orderBy(asc(taxClasses.name), asc(taxClasses.id));
  return [...BUILT_IN_TAX_CLASSES.map((taxClass) => ({ ...taxClass, builtIn: true })), ...own.map((row) => ({ key: row.key, name: row.name, builtIn: false }))];
}

/** A product's class must be one the store has: refused naming the field otherwise. */
export async function assertTaxClass(db: Database, storeId: string, key: string): Promise<void> {
  if ((await listTaxClasses(db, storeId)).some((taxClass) => taxClass.key === key)) return;
  throw badInput(`No tax class "${key}" in this store`, "tax_class");
}

const refuseTakenName = whenTaken("tax_classes_store_name_uq", () => conflict(TAX_CLASS_NAME_TAKEN, "name"));

/** A class the owner names ("Groceries"), known by a key made from its name (`groceries`) that never changes. */
export async function createTaxClass(db: Database, actor: AuditActor, input: TaxClassInput): Promise<TaxClass> {
  return db
    .transaction(async (tx) => {
      const classes = await listTaxClasses(tx, actor.storeId);
      if (classes.some((taxClass) => taxClass.name.toLowerCase() === input.name.toLowerCase())) throw conflict(TAX_CLASS_NAME_TAKEN, "name");
      // 36 characters leave room for a suffix within the 40 a class's key may have.
      const key = keyFromName(
        input.name,
        "class",
        new Set(classes.map((taxClass) => taxClass.key)),
        36,
      );
      await tx.insert(taxClasses).values({ storeId: actor.storeId, key, name: input.name });
      const created: TaxClass = { key, name: input.name, builtIn: false };
      await recordAudit(tx, actor, { action: "tax_class.create", entity: "tax_class", entityId: key, before: null, after: { ...created } });
      return created;
    })
    .catch(refuseTakenName);
}

/** An owner's class no product is in goes, with its rates in every region. */
export async function deleteTaxClass(db: Database, actor: AuditActor, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (BUILT_IN_TAX_CLASSES.some((taxClass) => taxClass.key === key)) throw conflict(BUILT_IN_TAX_CLASS);
    const [row] = await tx
      .select()
      .from(taxClasses)
      .where(and(eq(taxClasses.storeId, actor.storeId), eq(taxClasses.key, key)))
      .for("update");
    if (!row) throw notFound(TAX_CLASS_NOT_FOUND);
    const [used] = await tx
      .select({ count: count() })
      .from(products)
      .where(and(eq(products.storeId, actor.storeId), eq(products.taxClass, key)));
    if (used.count > 0) throw conflict(`${used.count} ${used.count === 1 ? "product is" : "products are"} in ${row.name}; move them to another class first`);
    await tx.delete(taxClassRates).where(and(eq(taxClassRates.storeId, actor.storeId), eq(taxClassRates.taxClass, key)));
    await tx.delete(taxClasses).where(eq(taxClasses.id, row.id));
    await recordAudit(tx, actor, { action: "tax_class.delete", entity: "tax_class", entityId: key, before: { key, name: row.name, builtIn: false }, after: null });
  });
}
