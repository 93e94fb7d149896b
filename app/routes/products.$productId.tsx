import { lazy, Suspense, useState } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Product, ProductCardData, Variant } from "@core/schemas/catalog";
import { stockLabel } from "@core/stock-band";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { BackInStock } from "~/components/product/back-in-stock-form";
import { OptionPicker } from "~/components/product/option-picker";
import { ProductBundles } from "~/components/product/product-bundles";
import { ProductGallery } from "~/components/product/product-gallery";
import { ProductGrid } from "~/components/product/product-grid";
import { PriceTag } from "~/components/product/price-tag";
import { PurchaseOptions } from "~/components/product/purchase-options";
import { QuantityStepper } from "~/components/product/quantity-stepper";
import { firstOptions, matchVariant, type Selection } from "~/components/product/variant-selection";
import { Stars } from "~/components/reviews/stars";
import { PreviewBanner } from "~/components/ui/preview-banner";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { absoluteUrl, pageMeta, productJsonLd } from "~/lib/seo";
import {
  cachedMovedHandle,
  cachedOtherProducts,
  cachedProductPage,
  PREVIEW_HEADERS,
  staffProductPreview,
} from "./products.$productId.server";
import { NotFoundMark } from "~/components/analytics/analytics-tracker";
import type { Route } from "./+types/products.$productId";

// Below the fold, the reviews grid's code (the cards' dialog) is fetched after the page's. The server renders it at
// once, so the reviews are in the HTML where they stand (a lazy component would be streamed in by a script).
const ReviewsGrid = import.meta.env.SSR
  ? (await import("~/components/reviews/reviews-grid")).ReviewsGrid
  : lazy(() => import("~/components/reviews/reviews-grid").then((module) => ({ default: module.ReviewsGrid })));

const productPath = (handle: string) => `/products/${encodeURIComponent(handle)}`;

/**
 * Shoppers see products on sale; an earlier handle of one moves them on to its current address (301). Anything else
 * is 'Product not found', except to staff, who preview drafts and archived products on a page only they may keep.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const handle = params.productId;
  const [page, others] = await Promise.all([
    cachedProductPage(context, context.storeId, handle),
    cachedOtherProducts(context, context.storeId, handle),
  ]);
  const shown = (found: NonNullable<typeof page>, preview: string | null) => ({
    ...found,
    others,
    origin: context.config.publicUrl,
    preview,
  });
  if (page) return data(shown(page, null));
  const moved = await cachedMovedHandle(context, context.storeId, handle);
  if (moved) throw redirect(productPath(moved), 301);
  const preview = await staffProductPreview(context, request, handle);
  if (preview?.kind === "moved") throw redirect(productPath(preview.handle), { status: 301, headers: PREVIEW_HEADERS });
  if (!preview) throw data("Product not found", { status: 404 });
  return data(shown(preview, preview.status), { headers: PREVIEW_HEADERS });
}

/** A staff preview's headers (private, not indexed) reach the page's response and its client-navigation data. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!loaderData) return [{ title: `Product not found | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { product, descriptionText, origin, preview } = loaderData;
  const url = absoluteUrl(origin, productPath(product.id));
  return [
    ...pageMeta({
      title: product.seo_title || `${product.product_title} | ${siteName}`,
      description: product.seo_description || descriptionText,
      url,
      image: product.product_image_main ? absoluteUrl(origin, product.product_image_main) : null,
      type: "product",
      siteName,
    }),
    productJsonLd({ ...product, product_description: descriptionText }, url, origin, siteName),
    ...(preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // Keyed by handle: moving to another product starts its choices, quantity and messages afresh.
  return (
    <ProductDetail
      key={loaderData.product.id}
      product={loaderData.product}
      others={loaderData.others}
      preview={loaderData.preview}
    />
  );
}

/** A product not on sale, named by its status for the staff member previewing it. */
const previewLabel = (status: string) => (status === "draft" ? "Draft" : status === "archived" ? "Archived" : status);

function stockText(variant: Variant | null): string {
  return variant ? stockLabel(variant.total_stock) : "This combination is not available";
}

function ProductDetail({ product, others, preview }: { product: Product; others: ProductCardData[]; preview: string | null }) {
  const [selection, setSelection] = useState<Selection>(() => firstOptions(product.variant_list));
  const [quantity, setQuantity] = useState(1);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);

  const variant = matchVariant(product.variants, product.variant_list, selection);
  // A plan belongs to one variant; after switching variants only a plan of the new one stays chosen.
  const subscription = variant?.subscription.find((option) => option.subscription_id === subscriptionId) ?? null;
  const price = subscription?.subscription_price ?? variant?.product_price ?? product.product_price;
  // The earlier price belongs to the one-time price it is compared with, not to a plan's.
  const compareAt = subscription ? null : variant ? variant.compare_at_price : product.compare_at_price;
  const images = [
    ...new Set([
      ...product.product_urls,
      ...(product.hoverImage ? [product.hoverImage] : []),
      ...(variant?.image_url ? [variant.image_url] : []),
    ]),
  ];
  if (images.length === 0 && product.product_image_main) images.push(product.product_image_main);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {preview ? <PreviewBanner label={previewLabel(preview)} what="product" /> : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={images} alts={product.image_alts} title={product.product_title} shown={variant?.image_url ?? null} />
        <div className="flex flex-col gap-5">
          <div>
            <div className="flex items-start justify-between gap-4">
              <h1 className="text-3xl font-semibold sm:text-4xl">{product.product_title}</h1>
              <WishlistButton handle={product.id} title={product.product_title} className="shrink-0" />
            </div>
            {product.rating.count > 0 ? (
              <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm underline-offset-2 hover:underline">
                <Stars rating={product.rating.average} />
                <span>
                  {product.rating.average} ({product.rating.count} {product.rating.count === 1 ? "review" : "reviews"})
                </span>
              </a>
            ) : null}
          </div>
          <PriceTag className="text-2xl font-semibold" price={price} compareAt={compareAt} live />
          <div
            className="description-body"
            // The shop's own HTML, cleaned on save and again when the page's product is read (description-html.ts).
            dangerouslySetInnerHTML={{ __html: product.product_description }}
          />
          {Object.keys(product.variant_list).length > 0 ? (
            <OptionPicker
              variantList={product.variant_list}
              selection={selection}
              onChange={(name, value) => setSelection((current) => ({ ...current, [name]: value }))}
            />
          ) : null}
          <p role="status" className={`text-sm font-semibold ${variant && variant.total_stock > 0 ? "text-primary" : "text-red-800"}`}>
            {stockText(variant)}
          </p>
          {variant && variant.subscription.length > 0 ? (
            <PurchaseOptions
              price={variant.product_price}
              options={variant.subscription}
              selected={subscription?.subscription_id ?? null}
              onChange={setSubscriptionId}
            />
          ) : null}
          <div className="flex flex-col gap-2">
            <span className="text-sm font-semibold">Quantity</span>
            <QuantityStepper value={quantity} onChange={setQuantity} />
          </div>
          <AddToCartButton product={product} variant={variant} quantity={quantity} subscription={subscription} />
          <BackInStock variant={variant} productHandle={product.id} />
          <ProductBundles bundles={product.bundles} />
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-16">
        <h2 id="reviews-heading" className="mb-4 text-2xl font-semibold">
          Reviews
        </h2>
        {product.reviews.length > 0 ? (
          <Suspense fallback={null}>
            <ReviewsGrid reviews={product.reviews} />
          </Suspense>
        ) : (
          <p>No reviews yet.</p>
        )}
      </section>

      {others.length > 0 ? (
        <section
          aria-labelledby="others-heading"
          className="mt-16 [content-visibility:auto]"
          // Drawn only as it nears the screen (decision 0015): the first frame comes sooner and the cards' lazy
          // pictures do not take the connection from the hydration scripts. The room kept for it is a phone's single
          // column of cards, more than wider screens need, so cards laid out later never spill onto the footer.
          style={{ containIntrinsicSize: `auto calc(${others.length} * (100vw + 12rem))` }}
        >
          <h2 id="others-heading" className="mb-4 text-2xl font-semibold">
            You may also like
          </h2>
          <ProductGrid products={others} label="Other products" />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      {notFound ? <NotFoundMark /> : null}
      <h1 className="text-3xl font-semibold">Product not found</h1>
      <p className="mt-4">
        {notFound ? "This product is not in our shop (any more)." : "Sorry, the product could not be loaded. Please try again."}
      </p>
      <Link to="/shop" className="mt-8 inline-block rounded bg-button px-6 py-3 text-button-ink">
        Browse all products
      </Link>
    </section>
  );
}
