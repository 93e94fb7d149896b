import { titleCaseHandle, variantName, type BundleLine } from "@core/cart";

/**
 * What a bundle line holds, each product with the options chosen for it ('1 × Ceramic Dripper — Sage'): the spec's
 * 'Bundle includes:' list, for the cart drawer and the checkout summary alike.
 */
export function BundleContents({ item, className }: { item: Pick<BundleLine, "contents">; className?: string }) {
  return (
    <div className={className}>
      <p>Bundle includes:</p>
      <ul className="list-inside list-disc">
        {item.contents.map((content) => (
          <li key={content.handle}>
            {content.quantity} × {variantName(titleCaseHandle(content.handle), content.attributes)}
          </li>
        ))}
      </ul>
    </div>
  );
}
