/**
 * The one quote of a checkout: everything the shopper pays, recomputed from the database: the lines' prices, the
 * discount, shipping (free at the option's threshold or with a free-shipping code) and the tax of each line's class in
 * the ship-to region, with each line's rate for the order to keep (decision 0063).
 */
import { and, eq } from "drizzle-orm";
import { INVALID_DISCOUNT_MESSAGE, lineTotalCents, type Discount } from "../../core/cart";
import { centsToDollars, formatMoney } from "../../core/money";
import { lineTaxes, taxedAmounts, totalTax, type LineTax, type RegionTax } from "../../core/tax";
import type { CheckoutAddress, PriceInfo, ShippingOption, shippingOptionsRequestSchema } from "../../core/schemas/checkout";
import type { z } from "zod";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { storeRowsInPlace } from "../db/store-rows";
import { shippingOptions, taxClassRates, taxRates } from "../db/schema";
import { discountForBuyer, minimumSubtotalRefusal } from "../cart/discounts";
import { totalsOf, type PricedLine } from "../cart/pricing";
import { getStoreSettings } from "../store/settings";
import { recordReminderConsent } from "./cart-reminders";
import { badInput, ruleBroken } from "../../core/errors";

export { RESTRICTED_DISCOUNT_MESSAGE } from "../cart/discounts";

export type CheckoutDetails = {
  address: CheckoutAddress;
  email: string;
  name: string | null | undefined;
  shippingOptionKey: string;
  discountCode: string | null | undefined;
};

type ShippingRow = typeof shippingOptions.$inferSelect;

/** The options for the shopper's address; the email it comes with carries the reminder box's answer (decision 0037). */
export async function shippingOptionsFor(
  deps: AppDeps,
  storeId: string,
  cartId: string | undefined,
  body: z.infer<typeof shippingOptionsRequestSchema>,
): Promise<ShippingOption[]> {
  await recordReminderConsent(deps.db, storeId, cartId, body.email, body.remind_me);
  return listShippingOptions(deps.db, storeId);
}

export async function listShippingOptions(db: Database, storeId: string): Promise<ShippingOption[]> {
  const rows = await storeRowsInPlace(db, shippingOptions, storeId);
  return rows.map((row) => ({
    shipping_option_id: row.key,
    shipping_option_name: row.name,
    additional_information: row.additionalInformation,
    price: centsToDollars(row.priceCents),
    free_shipping_threshold: row.freeShippingThresholdCents === null ? null : centsToDollars(row.freeShippingThresholdCents),
  }));
}

export async function shippingOption(db: Database, storeId: string, key: string): Promise<ShippingRow> {
  const [row] = await db
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.storeId, storeId), eq(shippingOptions.key, key)));
  if (!row) throw badInput(`unknown shipping option "${key}"`, "shipping_option");
  return row;
}

/** What the shop collects in the address's region (its rates by class), or null where it does not collect. */
export async function regionTax(db: Database, storeId: string, address: Pick<CheckoutAddress, "country" | "state">): Promise<RegionTax | null> {
  const rows = await db
    .select({ rateBasisPoints: taxRates.rateBasisPoints, taxesShipping: taxRates.taxesShipping, taxClass: taxClassRates.taxClass, classRate: taxClassRates.rateBasisPoints })
    .from(taxRates)
    .leftJoin(taxClassRates, eq(taxClassRates.taxRateId, taxRates.id))
    .where(
      and(
        eq(taxRates.storeId, storeId),
        eq(taxRates.country, address.country.toUpperCase()),
        eq(taxRates.region, address.state.toUpperCase()),
      ),
    );
  if (rows.length === 0) return null;
  const classRates = Object.fromEntries(rows.flatMap((row) => (row.taxClass === null || row.classRate === null ? [] : [[row.taxClass, row.classRate]])));
  return { rateBasisPoints: rows[0].rateBasisPoints, taxesShipping: rows[0].taxesShipping, classRates };
}

/** The one free-shipping rule: free from the option's threshold on the discounted subtotal, or with a free-shipping code. */
export function shippingCents(option: Pick<ShippingRow, "priceCents" | "freeShippingThresholdCents">, goodsCents: number, discount: Discount | null) {
  if (discount?.freeShipping) return 0;
  if (option.freeShippingThresholdCents !== null && goodsCents >= option.freeShippingThresholdCents) return 0;
  return option.priceCents;
}

export async function resolveDiscount(db: Database, storeId: string, code: string | null | undefined, email: string) {
  if (!code || code.trim() === "") return null;
  const found = await discountForBuyer(db, storeId, code, email);
  if ("discount" in found) return found.discount;
  // The cart, which knows no email, may have accepted the code: "invalid" alone would not tell the shopper why it stopped.
  throw badInput(found.refusal ?? INVALID_DISCOUNT_MESSAGE, "discount_code");
}

/** What the order keeps of its tax: each line's (in the lines' order) and the shipping's rate (null: not taxed). */
export type QuoteTaxes = { lines: LineTax[]; shippingRateBasisPoints: number | null };

export type Quote = {
  priceInfo: PriceInfo;
  discount: Discount | null;
  shipping: ShippingRow;
  taxes: QuoteTaxes;
};

/**
 * Rates an order already has, kept by an edit where the ship-to region stays: a line kept as it was sold keeps the
 * rate it was taxed at (`lines`, by position; null: untaxed; undefined: today's rate), and unchanged shipping its own.
 */
export type KeptRates = { lines: readonly (number | null | undefined)[]; shipping?: number | null };

/** The store's minimum, on the goods after every discount: the same cart is refused by a code on any path. */
export function assertMinimumOrder(settings: Awaited<ReturnType<typeof getStoreSettings>>, goodsCents: number) {
  if (goodsCents < settings.checkout.minimumOrderCents) {
    throw ruleBroken(`Minimum order amount is ${formatMoney(settings.checkout.minimumOrderCents)}`);
  }
}

/**
 * What staff set by hand on an order they build (a draft order, server/drafts/): a discount they typed instead of a
 * code, and shipping charged instead of the option's price. Everything else is still the quote's.
 */
export type StaffPricing = { discount: Discount | null; shippingCents: number | null };

/**
 * The order's amounts in cents: goods after discount, shipping, tax and total; a checkout's is refused below the
 * store's minimum, a subscription's renewal (`renewal`) is not: the subscriber agreed to it when it was bought, nor
 * an order staff build (`staff`): they priced it with the customer. A renewal's discount is the one its
 * subscription keeps (not a code to redeem), and is simply not taken off a cycle below the code's minimum.
 * `discount`: the discount already settled for a placed order (an edit keeps the code its order redeemed), in place
 * of the code looked up as a new buyer's.
 */
export async function quote(
  db: Database,
  storeId: string,
  lines: readonly PricedLine[],
  details: CheckoutDetails,
  {
    renewal = null,
    staff,
    discount: settled,
    keptRates,
  }: { renewal?: { discount: Discount | null } | null; staff?: StaffPricing; discount?: Discount | null; keptRates?: KeptRates } = {},
): Promise<Quote> {
  const [kept, shipping, region, settings] = await Promise.all([
    renewal
      ? renewal.discount
      : settled !== undefined
        ? settled
        : (staff?.discount ?? resolveDiscount(db, storeId, details.discountCode, details.email)),
    shippingOption(db, storeId, details.shippingOptionKey),
    regionTax(db, storeId, details.address),
    getStoreSettings(db, storeId),
  ]);
  const belowCodeMinimum = minimumSubtotalRefusal(totalsOf(lines, kept).subtotalCents, kept);
  if (belowCodeMinimum && !renewal) throw badInput(belowCodeMinimum, "discount_code");
  const discount = belowCodeMinimum ? null : kept;
  const totals = totalsOf(lines, discount);
  if (!renewal && !staff) assertMinimumOrder(settings, totals.totalCents);
  const shippingAmount = staff?.shippingCents ?? shippingCents(shipping, totals.totalCents, discount);
  const lineTotals = lines.map((line) => ({ totalCents: lineTotalCents(line), taxClass: line.taxClass }));
  const taxes: QuoteTaxes = {
    lines: lineTaxes(lineTotals, totals.discountCents, region, keptRates?.lines),
    shippingRateBasisPoints: keptRates?.shipping !== undefined ? keptRates.shipping : region?.taxesShipping ? region.rateBasisPoints : null,
  };
  const tax = totalTax(
    taxedAmounts(
      lineTotals.map((line, index) => ({ lineTotalCents: line.totalCents, ...taxes.lines[index] })),
      { cents: shippingAmount, rateBasisPoints: taxes.shippingRateBasisPoints },
    ),
  );
  return {
    discount,
    shipping,
    taxes,
    priceInfo: {
      subtotal: totals.subtotalCents,
      discount: totals.discountCents,
      shipping: shippingAmount,
      tax,
      total: totals.totalCents + shippingAmount + tax,
    },
  };
}
