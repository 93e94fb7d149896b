import { formatMoney, toCents } from "@core/money";

/** '$12.00', or 'Price unavailable' when the product has no price (docs/product.md, Product card). */
export function formatPrice(price: number | string | null | undefined): string {
  if (price === null || price === undefined || price === "") return "Price unavailable";
  return formatMoney(toCents(price));
}

/** 'every 2 weeks', 'every 1 month' (spec: 'every {interval} {unit}', plural past one). */
export function intervalLabel(interval: number, unit: string): string {
  return `every ${interval} ${unit}${interval > 1 ? "s" : ""}`;
}
