import { useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Product, ProductCardData, Variant } from "@core/schemas/catalog";
import { stockLabel } from "@core/stock-band";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { formatPrice } from "~/components/product/price";
import { OptionPicker } from "~/components/product/option-picker";
import { ProductBundles } from "~/components/product/product-bundles";
import { ProductGallery } from "~/components/product/product-gallery";
import { ProductGrid } from "~/components/product/product-grid";
import { PurchaseOptions } from "~/components/product/purchase-options";
import { QuantityStepper } from "~/components/product/quantity-stepper";
import { firstOptions, matchVariant, type Selection } from "~/components/product/variant-selection";
import { ReviewsGrid } from "~/components/reviews/reviews-grid";
import { Stars } from "~/components/reviews/stars";
import { absoluteUrl, pageMeta, productJsonLd } from "~/lib/seo";
import { cachedProduct, cachedProductCards } from "./products.$productId.server";
import type { Route } from "./+types/products.$productId";

export async function loader({ params, context }: Route.LoaderArgs) {
  const [product, cards] = await Promise.all([
    cachedProduct(context, context.storeId, params.productId),
    cachedProductCards(context, context.storeId),
  ]);
  if (!product) throw data("Product not found", { status: 404 });
  return {
    product,
    others: cards.filter((other) => other.id !== product.id),
    origin: context.config.publicUrl,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  if (!loaderData) return [{ title: `Product not found | ${siteName}` }, { name: "robots", content: "noindex" }];
  const { product, origin } = loaderData;
  const url = absoluteUrl(origin, `/products/${product.id}`);
  return [
    ...pageMeta({
      title: `${product.product_title} | ${siteName}`,
      description: product.product_description,
      url,
      image: product.product_image_main ? absoluteUrl(origin, product.product_image_main) : null,
      type: "product",
      siteName,
    }),
    productJsonLd(product, url, origin, siteName),
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // Keyed by handle: moving to another product starts its choices, quantity and messages afresh.
  return <ProductDetail key={loaderData.product.id} product={loaderData.product} others={loaderData.others} />;
}

function stockText(variant: Variant | null): string {
  return variant ? stockLabel(variant.total_stock) : "This combination is not available";
}

function ProductDetail({ product, others }: { product: Product; others: ProductCardData[] }) {
  const [selection, setSelection] = useState<Selection>(() => firstOptions(product.variant_list));
  const [quantity, setQuantity] = useState(1);
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);

  const variant = matchVariant(product.variants, product.variant_list, selection);
  // A plan belongs to one variant; after switching variants only a plan of the new one stays chosen.
  const subscription = variant?.subscription.find((option) => option.subscription_id === subscriptionId) ?? null;
  const price = subscription?.subscription_price ?? variant?.product_price ?? product.product_price;
  const images = [...new Set([...product.product_urls, ...(product.hoverImage ? [product.hoverImage] : [])])];
  if (images.length === 0 && product.product_image_main) images.push(product.product_image_main);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <ProductGallery images={images} title={product.product_title} />
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-3xl font-semibold sm:text-4xl">{product.product_title}</h1>
            {product.rating.count > 0 ? (
              <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm underline-offset-2 hover:underline">
                <Stars rating={product.rating.average} />
                <span>
                  {product.rating.average} ({product.rating.count} {product.rating.count === 1 ? "review" : "reviews"})
                </span>
              </a>
            ) : null}
          </div>
          <p className="text-2xl font-semibold" aria-live="polite">
            {formatPrice(price)}
          </p>
          <p className="whitespace-pre-line">{product.product_description}</p>
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
          <ProductBundles bundles={product.bundles} />
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-16">
        <h2 id="reviews-heading" className="mb-4 text-2xl font-semibold">
          Reviews
        </h2>
        {product.reviews.length > 0 ? (
          <ReviewsGrid reviews={product.reviews} />
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
