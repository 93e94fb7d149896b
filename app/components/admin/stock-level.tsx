/** A variant's stock as the inventory screens show it: the count, and a word beside it when it is low or gone. */
export function StockLevel({ stock, low, limit }: { stock: number; low: boolean; limit: number }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-semibold">{stock}</span>
      {low ? (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900" title={`Low at ${limit} or fewer`}>
          {stock === 0 ? "Out" : "Low"}
        </span>
      ) : null}
    </span>
  );
}

/** A variant's option values as one line ('Finish: Matte Black'), or nothing for a product sold in one version. */
export function variantOptions(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
}
