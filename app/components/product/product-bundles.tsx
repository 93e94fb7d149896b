import { useState } from "react";
import { Link } from "react-router";
import { titleCaseHandle } from "@core/cart";
import type { Bundle } from "@core/schemas/catalog";
import { formatPrice } from "./price";
import { ProductImage } from "./product-image";

/** Bundles containing the product, each expandable to show what is in it. Standalone bundles are left out. */
export function ProductBundles({ bundles }: { bundles: Bundle[] }) {
  const listed = bundles.filter((bundle) => !bundle.is_standalone);
  if (listed.length === 0) return null;
  return (
    <section aria-labelledby="bundles-heading" className="mt-8">
      <h2 id="bundles-heading" className="mb-3 text-xl font-semibold">
        Save with a bundle
      </h2>
      <ul className="flex flex-col gap-3">
        {listed.map((bundle) => (
          <li key={bundle.bundle_id}>
            <BundleRow bundle={bundle} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BundleRow({ bundle }: { bundle: Bundle }) {
  const [open, setOpen] = useState(false);
  const panelId = `bundle-${bundle.bundle_id}-contents`;
  return (
    <div className="rounded-lg bg-card p-3 ring-1 ring-black/10">
      <div className="flex items-center gap-3">
        {/* The square is the box's, not the image's: an alt="" image that has not loaded yet has no height. */}
        <div className="aspect-square w-16 shrink-0 overflow-hidden rounded">
          <ProductImage url={bundle.bundle_image_urls[0]} alt="" size={728} sizes="64px" />
        </div>
        <div className="flex-1">
          <Link to={`/bundles/${bundle.bundle_handle}`} className="font-semibold underline-offset-2 hover:underline">
            {bundle.title}
          </Link>
          <p className="text-sm">{formatPrice(bundle.price)}</p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="rounded border border-black/30 px-3 py-1 text-sm"
        >
          {open ? "Hide contents" : "Show contents"}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="mt-3 border-t border-black/10 pt-3 text-sm">
        {bundle.bundle_description ? <p className="mb-2">{bundle.bundle_description}</p> : null}
        <p className="font-semibold">Bundle includes:</p>
        <ul className="list-inside list-disc">
          {bundle.handles.map((handle) => (
            <li key={handle}>{titleCaseHandle(handle)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
