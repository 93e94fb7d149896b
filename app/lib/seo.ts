/** Per-page SEO: title, description, canonical URL, Open Graph, and schema.org JSON-LD for products. */
import type { MetaDescriptor } from "react-router";
import type { Bundle, Product } from "@core/schemas/catalog";

const DESCRIPTION_LENGTH = 160;

export function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, "")}…`;
}

/** `/images/x.jpg` -> `https://shop.example/images/x.jpg`; absolute URLs pass through. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin.endsWith("/") ? origin : `${origin}/`).toString();
}

export function pageMeta({
  title,
  description,
  url,
  image,
  type = "website",
  siteName,
}: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type?: "website" | "product";
  siteName: string;
}): MetaDescriptor[] {
  const text = summary(description);
  return [
    { title },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}

const availability = (stock: number) => (stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/** schema.org Product with one Offer per variant and, when reviewed, its aggregate rating. */
export function productJsonLd(product: Product, url: string, origin: string, brand: string): MetaDescriptor {
  const images = [product.product_image_main, ...product.product_urls].filter((image): image is string => Boolean(image));
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.product_title,
      description: summary(product.product_description),
      image: [...new Set(images)].map((image) => absoluteUrl(origin, image)),
      sku: product.variants[0]?.sku,
      url,
      brand: { "@type": "Brand", name: brand },
      offers: product.variants.map((variant) => ({
        "@type": "Offer",
        sku: variant.sku,
        name: Object.values(variant.product_attributes).join(" / ") || product.product_title,
        price: variant.product_price.toFixed(2),
        priceCurrency: "USD",
        availability: availability(variant.total_stock),
        url,
      })),
      ...(product.rating.count > 0
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: product.rating.average,
              reviewCount: product.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  };
}

/** A bundle is offered as one product at one price. */
export function bundleJsonLd(bundle: Bundle, url: string, origin: string, brand: string, inStock: boolean): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: bundle.title,
      description: summary(bundle.bundle_description),
      image: bundle.bundle_image_urls.map((image) => absoluteUrl(origin, image)),
      url,
      brand: { "@type": "Brand", name: brand },
      offers: {
        "@type": "Offer",
        price: bundle.price,
        priceCurrency: "USD",
        availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        url,
      },
    },
  };
}
