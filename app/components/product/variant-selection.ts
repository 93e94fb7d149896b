import type { Variant } from "@core/schemas/catalog";

/** Chosen option per attribute; an attribute not chosen yet is absent or undefined. */
export type Selection = Record<string, string | undefined>;

/** The product page's starting point: the first option of every attribute (docs/product.md, Product detail). */
export function firstOptions(variantList: Record<string, string[]>): Selection {
  return Object.fromEntries(Object.entries(variantList).map(([name, options]) => [name, options[0]]));
}

/** The variant whose attributes all equal the selection, or null when an attribute is open or nothing matches. */
export function matchVariant(
  variants: Variant[],
  variantList: Record<string, string[]>,
  selection: Selection,
): Variant | null {
  const names = Object.keys(variantList);
  if (names.some((name) => selection[name] === undefined)) return null;
  return (
    variants.find((variant) => names.every((name) => variant.product_attributes[name] === selection[name])) ?? null
  );
}

export function isComplete(variantList: Record<string, string[]>, selection: Selection): boolean {
  return Object.keys(variantList).every((name) => selection[name] !== undefined);
}
