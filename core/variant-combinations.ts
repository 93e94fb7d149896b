/**
 * The variant generator (issue 37): a product's options and their values make every combination, and the variants it
 * already has keep their place in it. Pure, so the product form's action and its tests use the same rules, and the
 * save's rule that no two variants share their options (core/schemas/admin-catalogue.ts) is the one it satisfies.
 */

export type OptionWithValues = { name: string; values: readonly string[] };

/** Every combination of one value per option, in the options' order (the first option varies slowest, as Shopify lists them). */
export function combinationsOf(options: readonly OptionWithValues[]): string[][] {
  return options.reduce<string[][]>((combinations, option) => combinations.flatMap((start) => option.values.map((value) => [...start, value])), [[]]);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The rows the generator makes: one per combination, each carrying the existing row that has its values (so its SKU,
 * price, stock and plans stay), and the existing rows no combination took. A row's value left blank (an option added
 * since it was saved) fits any value, so a product that gains an option keeps its variants under the option's first
 * value, as Shopify does; each existing row is used once.
 */
export function placeVariants<Row extends { values: readonly string[] }>(
  options: readonly OptionWithValues[],
  existing: readonly Row[],
): { rows: { values: string[]; existing: Row | undefined }[]; left: Row[] } {
  const unused = [...existing];
  const rows = combinationsOf(options).map((values) => {
    const index = unused.findIndex((row) => values.every((value, k) => (row.values[k] ?? "").trim() === "" || same(row.values[k] ?? "", value)));
    return { values, existing: index === -1 ? undefined : unused.splice(index, 1)[0] };
  });
  return { rows, left: unused };
}

/**
 * A new variant's SKU from the product's handle and its values (`house-blend` and 250 g / Whole bean make
 * HOUSE-BLEND-250G-WHOLE-BEAN), kept within the 64 characters a SKU may have and numbered past the ones taken.
 */
export function skuFor(handle: string, values: readonly string[], taken: ReadonlySet<string>): string {
  const part = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/(\d)\s+(?=[A-Z])/g, "$1")
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const base = [part(handle) || "VARIANT", ...values.map(part).filter(Boolean)].join("-").slice(0, 58).replace(/-+$/, "");
  let sku = base;
  for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
  return sku;
}
