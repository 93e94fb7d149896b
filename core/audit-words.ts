/**
 * An audit event's changes as staff read them (issue 37): the trail keeps each field as the write named it
 * (`refunded_cents`, a product's `variants` as objects), and the screen says 'Refunded' $5.00 and each variant in words.
 */
import { percentOf } from "./invoices";
import { formatMoney } from "./money";
import { shopMoment } from "./shop-dates";

/** Names whose words are not their parts' (an abbreviation, a field whose unit is its name). */
const LABELS: Record<string, string> = {
  description_html: "Description",
  seo_title: "SEO title",
  seo_description: "SEO description",
  sku: "SKU",
  skus: "SKUs",
  url: "Address",
  urls: "Addresses",
  totp: "Two-step sign-in",
  image_urls: "Pictures",
};

const UNIT_SUFFIX = /_(cents|basis_points|at)$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's label: 'refunded_cents' is Refunded, 'compare_at_price_cents' Compare at price, 'customer_id' Customer ID. */
export function auditFieldLabel(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(UNIT_SUFFIX, "")
    .split("_")
    .filter(Boolean)
    .map((word) => (word === "id" ? "ID" : word));
  const sentence = words.join(" ") || name;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A value as staff read it: money in dollars, rates in percent, moments in the shop's zone, records in words. */
export function auditValue(name: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number" && Number.isInteger(value) && /(_cents|Cents)$/.test(name)) return formatMoney(value);
  if (typeof value === "number" && Number.isInteger(value) && /(_basis_points|BasisPoints)$/.test(name)) return percentOf(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return ISO_MOMENT.test(value) && !Number.isNaN(Date.parse(value)) ? shopMoment(value, timeZone) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => (item !== null && typeof item === "object" ? `(${auditValue(name, item, timeZone)})` : auditValue(name, item, timeZone))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== "")
      .map(([key, inner]) => `${auditFieldLabel(key)} ${auditValue(key, inner, timeZone)}`)
      .join(", ");
  }
  return String(value);
}

/** An event's changes as the screen lists them: each field's label, and its value before and after in words. */
export function auditChangeRows(changes: Record<string, { before: unknown; after: unknown }>, timeZone: string) {
  return Object.entries(changes).map(([name, change]) => ({
    label: auditFieldLabel(name),
    before: auditValue(name, change.before, timeZone),
    after: auditValue(name, change.after, timeZone),
  }));
}
