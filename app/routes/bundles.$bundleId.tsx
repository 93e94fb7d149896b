import { useState } from "react";
import { data, Link } from "react-router";
import type { BundleHandleOption } from "@core/schemas/catalog";
import { AddBundleToCartButton } from "~/components/cart/add-bundle-to-cart-button";
import { OptionPicker } from "~/components/product/option-picker";
import { formatPrice } from "~/components/product/price";
import { ProductGallery } from "~/components/product/product-gallery";
import { matchVariant, type Selection } from "~/components/product/variant-selection";
import { absoluteUrl, bundleJsonLd, pageMeta } from "~/lib/seo";
import { cachedBundleDetail } from "./bundles.$bundleId.server";
import { NotFoundMark } from "~/components/analytics/analytics-tracker";
import type { Route } from "./+types/bundles.$bundleId";

export async function loader({ params, context }: Route.LoaderArgs) {
  const detail = await cachedBundleDetail(context, context.storeId, params.bundleId);
  if (!detail) throw data("Bundle not found", { status: 404 });
  return { ...detail, origin: context.config.publicUrl };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!loaderData) return [{ title: `Bundle not found | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { bundle, handle_options, origin } = loaderData;
  const url = absoluteUrl(origin, `/bundles/${bundle.bundle_handle}`);
  const inStock = handle_options.every((option) =>
    option.bundle_variations.some((item) => (option.variants.find((v) => v.sku === item.sku)?.total_stock ?? 0) >= item.quantity),
  );
  return [
    ...pageMeta({
      title: `${bundle.title} | ${siteName}`,
      description: bundle.bundle_description,
      url,
      image: bundle.bundle_image_urls[0] ? absoluteUrl(origin, bundle.bundle_image_urls[0]) : null,
      type: "product",
      siteName,
    }),
    bundleJsonLd(bundle, url, origin, siteName, inStock),
  ];
}

/** The bundle's own variant of a product is chosen to begin with. */
function initialSelection(option: BundleHandleOption): Selection {
  return { ...option.variants.find((variant) => variant.sku === option.sku)?.product_attributes };
}

/**
 * The variants a shopper may choose for one product of the bundle (its bundle_variations), and the options of
 * each attribute that lead to one of them, in the product's order: a 2 lb bag is not offered in a 12 oz bundle.
 */
function bundleChoices(option: BundleHandleOption) {
  const variants = option.variants.filter((variant) => option.bundle_variations.some((item) => item.sku === variant.sku));
  const variantList = Object.fromEntries(
    Object.entries(option.variant_list).map(([name, values]) => [
      name,
      values.filter((value) => variants.some((variant) => variant.product_attributes[name] === value)),
    ]),
  );
  return { variants, variantList };
}

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { bundle, handle_options } = loaderData;
  return <BundleDetail key={bundle.bundle_handle} bundle={bundle} options={handle_options} />;
}

function BundleDetail({ bundle, options }: { bundle: Route.ComponentProps["loaderData"]["bundle"]; options: BundleHandleOption[] }) {
  const [selections, setSelections] = useState<Record<string, Selection>>(() =>
    Object.fromEntries(options.map((option) => [option.id, initialSelection(option)])),
  );
  const choices = Object.fromEntries(options.map((option) => [option.id, bundleChoices(option)]));
  const selectedVariants = Object.fromEntries(
    options.map((option) => {
      const { variants, variantList } = choices[option.id];
      return [option.id, matchVariant(variants, variantList, selections[option.id] ?? {})?.sku];
    }),
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={bundle.bundle_image_urls} title={bundle.title} />
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-secondary">Bundle</p>
          <h1 className="text-3xl font-semibold sm:text-4xl">{bundle.title}</h1>
          <p className="text-2xl font-semibold">{formatPrice(bundle.price)}</p>
          <p className="whitespace-pre-line">{bundle.bundle_description}</p>
          <ul className="flex flex-col gap-4" aria-label="Products in this bundle">
            {options.map((option) => {
              const variant = option.variants.find((v) => v.sku === selectedVariants[option.id]);
              const quantity = option.bundle_variations[0]?.quantity ?? 1;
              return (
                <li key={option.id} className="rounded-lg bg-card p-4 ring-1 ring-black/10">
                  <div className="mb-3 flex items-baseline justify-between gap-3">
                    <h2 className="text-lg font-semibold">
                      <Link to={`/products/${option.id}`} className="underline-offset-2 hover:underline">
                        {option.product_title}
                      </Link>
                    </h2>
                    <span className="text-sm">Quantity: {quantity}</span>
                  </div>
                  {Object.keys(option.variant_list).length > 0 ? (
                    <OptionPicker
                      variantList={choices[option.id].variantList}
                      selection={selections[option.id] ?? {}}
                      onChange={(name, value) =>
                        setSelections((current) => ({ ...current, [option.id]: { ...current[option.id], [name]: value } }))
                      }
                      compact
                    />
                  ) : null}
                  {!variant ? (
                    <p className="mt-2 text-sm font-semibold text-red-800">This combination is not available</p>
                  ) : variant.total_stock < quantity ? (
                    <p className="mt-2 text-sm font-semibold text-red-800">Out of stock</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <AddBundleToCartButton bundle={bundle} options={options} selectedVariants={selectedVariants} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <NotFoundMark />
      <h1 className="text-3xl font-semibold">Bundle not found</h1>
      <p className="mt-4">This bundle is not in our shop (any more).</p>
      <Link to="/shop" className="mt-8 inline-block rounded bg-button px-6 py-3 text-button-ink">
        Browse all products
      </Link>
    </section>
  );
}
