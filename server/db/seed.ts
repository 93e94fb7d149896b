/**
 * The demo shop: a small coffee and tea roaster with a full catalogue, content and pricing rules, written in one
 * transaction so a store is either completely seeded or not there at all. Used on first start, by
 * `npm run db:seed` and by the tests.
 */
import { eq } from "drizzle-orm";
import type { DemoContentKind } from "../../core/demo-content";
import { storeSettingsSchema } from "../../core/schemas/store-settings";
import type { Database } from "./client";
import {
  blogPosts,
  blogSections,
  bundleProducts,
  bundles,
  collectionBundles,
  collectionProducts,
  collections,
  demoContent,
  discounts,
  pageSections,
  pages,
  productHandleRedirects,
  productImages,
  products,
  reviews,
  shippingOptions,
  storeSettings,
  stores,
  subscriptionOptions,
  testimonials,
  variants,
} from "./schema";
import {
  BLOG_POST,
  BUNDLES,
  COLLECTIONS,
  DEMO,
  DISCOUNTS,
  PAGES,
  PRODUCTS,
  REVIEWS,
  SHIPPING_OPTIONS,
  SHOP_COLLECTION_HANDLES,
  SITE_IMAGES,
  TESTIMONIALS,
  demoSettings,
  type ProductSeed,
} from "./seed-content";
import {
  bundleArt,
  iconSvg,
  imageUrl,
  logoSvg,
  productHoverArt,
  productMainArt,
  renderImages,
  sceneArt,
  writeSvgFile,
  type ImageJob,
} from "./seed-images";

export { DEMO } from "./seed-content";

export class StoreAlreadyExistsError extends Error {
  constructor(storeId: string) {
    super(`Store "${storeId}" already exists; reset it first to seed it again`);
  }
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * Subscription option ids are the table's primary key, shared by every store in the database: the default store
 * keeps the short ids of `DEMO.subscriptions`, any other store's ids carry its store id.
 */
export function subscriptionOptionId(storeId: string, sku: string, plan: "2w" | "1m"): string {
  const id = `sub-${sku.toLowerCase()}-${plan}`;
  return storeId === DEMO.storeId ? id : `${storeId}-${id}`;
}

/** The price of a subscription delivery: 10 % below the one-time price. */
const subscriptionPrice = (priceCents: number) => Math.round(priceCents * 0.9);

type VariantSeed = {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
};

/** Every combination of the product's option values, in option order. */
function productVariants(product: ProductSeed, productIndex: number): VariantSeed[] {
  let combinations: [string, string][][] = [[]];
  for (const option of product.options) {
    combinations = combinations.flatMap((picked) => option.values.map((value) => [...picked, value]));
  }
  return combinations.map((picked, i) => {
    const sku = [product.sku, ...picked.map(([, code]) => code)].join("-");
    const attributes = Object.fromEntries(product.options.map((option, j) => [option.name, picked[j][0]]));
    const priceCents = typeof product.price === "number" ? product.price : product.price[picked[0][0]];
    if (priceCents === undefined) throw new Error(`No price for ${sku}`);
    // A spread of believable stock levels; the notable ones (low, none) are set explicitly in the content.
    const stock = product.outOfStock ? 0 : (product.stock?.[sku] ?? 12 + ((productIndex * 7 + i * 11) % 45));
    return { sku, attributes, priceCents, compareAtCents: product.compareAt?.[picked[0][0]] ?? null, stock };
  });
}

/**
 * A description in the safe subset of HTML descriptions are kept in (server/catalog/description-html.ts), from the
 * demo's plain text, as migration 0026 converted the shops' own: escaped, a blank line starts a paragraph.
 */
export function descriptionHtml(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<p>${escaped.split("\n\n").map((paragraph) => paragraph.replace(/\n/g, "<br>")).join("</p><p>")}</p>`;
}

/** What search weighs besides the title: each distinct attribute value of the product's variants. */
function attributeText(variantList: { attributes: Record<string, string> }[]): string {
  return [...new Set(variantList.flatMap((variant) => Object.values(variant.attributes)))].join(" ");
}

const productImageFiles = (handle: string) => [`products/${handle}-1`, `products/${handle}-2`];
const bundleImageFiles = (handle: string) => [`bundles/${handle}-1`, `bundles/${handle}-2`];

function imageJobs(): ImageJob[] {
  const square = (file: string, svg: string): ImageJob => ({ file, width: 1200, height: 1200, svg });
  const aboutImage = PAGES.find((page) => page.image)?.image;
  return [
    ...PRODUCTS.flatMap((product) => {
      const [main, hover] = productImageFiles(product.handle);
      return [
        square(main, productMainArt(product.title, product.art, product.palette)),
        square(hover, productHoverArt(product.title, product.tagline, product.art, product.palette)),
      ];
    }),
    ...BUNDLES.flatMap((bundle) => {
      const [first, second] = bundleImageFiles(bundle.handle);
      return [square(first, bundleArt(bundle.title, bundle.palette, 1)), square(second, bundleArt(bundle.title, bundle.palette, 2))];
    }),
    {
      file: SITE_IMAGES.banner,
      width: 1600,
      height: 1000,
      svg: sceneArt({ width: 1600, height: 1000, sky: ["#fbe9d0", "#f3c99a"], sea: "#2d6a73" }),
    },
    {
      file: SITE_IMAGES.imageBand,
      width: 1920,
      height: 640,
      svg: sceneArt({ width: 1920, height: 640, sky: ["#d3ebee", "#f4efe6"], sea: "#1d4e47" }),
    },
    {
      file: SITE_IMAGES.discount,
      width: 1200,
      height: 900,
      svg: sceneArt({
        width: 1200,
        height: 900,
        sky: ["#f4efe6", "#e6d8c3"],
        sea: "#7a4a26",
        headline: "10% off your first order",
        subline: "Join the Tidewater newsletter",
      }),
    },
    {
      file: SITE_IMAGES.popup,
      width: 800,
      height: 800,
      svg: sceneArt({ width: 800, height: 800, sky: ["#fbe9d0", "#d3ebee"], sea: "#2d6a73", headline: "Welcome aboard" }),
    },
    ...(aboutImage
      ? [
          {
            file: aboutImage,
            width: 1200,
            height: 1500,
            svg: sceneArt({
              width: 1200,
              height: 1500,
              sky: ["#f3c99a", "#fbe9d0"],
              sea: "#1d4e47",
              headline: "Roasted by the harbour",
              subline: "Portland, Maine · since 2016",
            }),
          },
        ]
      : []),
  ];
}

async function writeImages(imagesDir: string) {
  await Promise.all([
    renderImages(imagesDir, imageJobs()),
    writeSvgFile(imagesDir, SITE_IMAGES.logo, logoSvg(DEMO.storeName, "#1D4E47", "#7A4A26")),
    writeSvgFile(imagesDir, SITE_IMAGES.icon, iconSvg("#1D4E47", "#7A4A26")),
  ]);
}

export async function isStoreSeeded(db: Database, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  return row !== undefined;
}

/** Deletes the store and, through the cascading foreign keys, everything it holds; images stay for the next seed. */
export async function resetStore(db: Database, storeId: string): Promise<void> {
  await db.delete(stores).where(eq(stores.id, storeId));
}

/** Seeds the demo shop as `storeId`; refuses, changing nothing, when that store already exists. */
export async function seedDemoStore(db: Database, options: { storeId: string; imagesDir: string }): Promise<void> {
  const { storeId, imagesDir } = options;
  if (await isStoreSeeded(db, storeId)) throw new StoreAlreadyExistsError(storeId);
  const settings = storeSettingsSchema.parse(demoSettings(imageUrl));
  await writeImages(imagesDir);
  await db.transaction(async (tx) => {
    // The check above can race with another seed; the insert is the one that decides.
    const created = await tx
      .insert(stores)
      .values({ id: storeId, name: DEMO.storeName })
      .onConflictDoNothing()
      .returning({ id: stores.id });
    if (created.length === 0) throw new StoreAlreadyExistsError(storeId);
    await tx.insert(storeSettings).values({ storeId, settings });
    const catalogue = await insertCatalogue(tx, storeId);
    const collectionIds = await insertCollections(tx, storeId, catalogue);
    const reviewIds = await insertReviews(tx, storeId, catalogue.productIds);
    const postId = await insertContent(tx, storeId);
    const discountIds = await insertPricingRules(tx, storeId);
    await tx.insert(demoContent).values([
      ...marks(storeId, "product", catalogue.productIds.values()),
      ...marks(storeId, "bundle", catalogue.bundleIds.values()),
      ...marks(storeId, "collection", collectionIds),
      ...marks(storeId, "discount", discountIds),
      ...marks(storeId, "review", reviewIds.reviews),
      ...marks(storeId, "testimonial", reviewIds.testimonials),
      ...marks(storeId, "blog_post", [postId]),
    ]);
  });
}

/** The demo's own rows, marked so that removing the demo takes them and nothing the owner made (decision 0067). */
const marks = (storeId: string, kind: DemoContentKind, ids: Iterable<number>) => [...ids].map((rowId) => ({ storeId, kind, rowId }));

type Catalogue = { productIds: Map<string, number>; bundleIds: Map<string, number> };

async function insertCatalogue(tx: Transaction, storeId: string): Promise<Catalogue> {
  const variantsByProduct = PRODUCTS.map((product, i) => productVariants(product, i));
  const insertedProducts = await tx
    .insert(products)
    .values(
      PRODUCTS.map((product, i) => ({
        storeId,
        handle: product.handle,
        title: product.title,
        description: descriptionHtml(product.description),
        attributeText: attributeText(variantsByProduct[i]),
        attributeNames: product.options.map((option) => option.name),
        // Staggered so "newest first" has a stable, meaningful order.
        createdAt: daysAgo(PRODUCTS.length - i),
        updatedAt: daysAgo(PRODUCTS.length - i),
      })),
    )
    .returning({ id: products.id, handle: products.handle });
  const productIds = new Map(insertedProducts.map((row) => [row.handle, row.id]));
  const productId = (handle: string) => {
    const id = productIds.get(handle);
    if (id === undefined) throw new Error(`Unknown product handle in the demo content: ${handle}`);
    return id;
  };

  await tx.insert(productImages).values(
    PRODUCTS.flatMap((product) =>
      productImageFiles(product.handle).map((file, position) => ({
        storeId,
        productId: productId(product.handle),
        url: imageUrl(file),
        isHover: position === 1,
        position,
        // The demo's pictures show the product and nothing else worth telling apart.
        altText: product.title,
      })),
    ),
  );

  const formerHandles = PRODUCTS.flatMap((product) =>
    (product.formerHandles ?? []).map((handle) => ({ storeId, handle, productId: productId(product.handle) })),
  );
  if (formerHandles.length > 0) await tx.insert(productHandleRedirects).values(formerHandles);

  const insertedVariants = await tx
    .insert(variants)
    .values(
      PRODUCTS.flatMap((product, i) =>
        variantsByProduct[i].map((variant, position) => ({ storeId, productId: productId(product.handle), position, ...variant })),
      ),
    )
    .returning({ id: variants.id, sku: variants.sku, priceCents: variants.priceCents, productId: variants.productId });

  const subscribable = new Set(PRODUCTS.filter((product) => product.subscription).map((product) => productId(product.handle)));
  await tx.insert(subscriptionOptions).values(
    insertedVariants
      .filter((variant) => subscribable.has(variant.productId))
      .flatMap((variant) => [
        {
          id: subscriptionOptionId(storeId, variant.sku, "2w"),
          storeId,
          variantId: variant.id,
          name: "Every 2 weeks",
          priceCents: subscriptionPrice(variant.priceCents),
          interval: 2,
          intervalUnit: "week" as const,
        },
        {
          id: subscriptionOptionId(storeId, variant.sku, "1m"),
          storeId,
          variantId: variant.id,
          name: "Every month",
          priceCents: subscriptionPrice(variant.priceCents),
          interval: 1,
          intervalUnit: "month" as const,
        },
      ]),
  );

  const insertedBundles = await tx
    .insert(bundles)
    .values(
      BUNDLES.map((bundle) => ({
        storeId,
        handle: bundle.handle,
        title: bundle.title,
        description: bundle.description,
        priceCents: bundle.priceCents,
        imageUrls: bundleImageFiles(bundle.handle).map(imageUrl),
        skuToQuantity: Object.fromEntries(bundle.contents.map(({ sku, quantity }) => [sku, quantity])),
        isStandalone: bundle.isStandalone,
      })),
    )
    .returning({ id: bundles.id, handle: bundles.handle });
  const bundleIds = new Map(insertedBundles.map((row) => [row.handle, row.id]));
  await tx.insert(bundleProducts).values(
    BUNDLES.flatMap((bundle) =>
      bundle.contents.map((item, position) => ({
        storeId,
        bundleId: bundleIds.get(bundle.handle)!,
        productId: productId(item.handle),
        position,
      })),
    ),
  );
  return { productIds, bundleIds };
}

/** Inserts the collections and their members; returns the ids of the demo's own collections (not the structural ones). */
async function insertCollections(tx: Transaction, storeId: string, { productIds, bundleIds }: Catalogue): Promise<number[]> {
  const inserted = await tx
    .insert(collections)
    .values(COLLECTIONS.map((collection) => ({ storeId, ...collection })))
    .returning({ id: collections.id, handle: collections.handle });
  const collectionId = new Map(inserted.map((row) => [row.handle, row.id]));
  const id = (handle: string) => {
    const found = collectionId.get(handle);
    if (found === undefined) throw new Error(`Unknown collection in the demo content: ${handle}`);
    return found;
  };

  const memberships = (members: { handle: string; collections: string[] }[], ids: Map<string, number>) =>
    COLLECTIONS.flatMap((collection) =>
      members
        .filter((member) => collection.handle === DEMO.collectionHandles.all || member.collections.includes(collection.handle))
        .map((member, position) => ({ collectionId: id(collection.handle), memberId: ids.get(member.handle)!, position })),
    );

  await tx
    .insert(collectionProducts)
    .values(memberships(PRODUCTS, productIds).map(({ memberId, ...rest }) => ({ storeId, productId: memberId, ...rest })));
  await tx
    .insert(collectionBundles)
    .values(memberships(BUNDLES, bundleIds).map(({ memberId, ...rest }) => ({ storeId, bundleId: memberId, ...rest })));
  return inserted.filter((row) => !(SHOP_COLLECTION_HANDLES as readonly string[]).includes(row.handle)).map((row) => row.id);
}

async function insertReviews(tx: Transaction, storeId: string, productIds: Map<string, number>) {
  const reviewRows = await tx.insert(reviews).values(
    REVIEWS.map(({ productHandle, daysAgo: age, reviewerEmail, response, ...review }) => {
      const productId = productIds.get(productHandle);
      if (productId === undefined) throw new Error(`Review for an unknown product: ${productHandle}`);
      return {
        storeId,
        productId,
        ...review,
        reviewerEmail: reviewerEmail ?? null,
        response: response ?? null,
        createdAt: daysAgo(age),
      };
    }),
  ).returning({ id: reviews.id });
  const testimonialRows = await tx
    .insert(testimonials)
    .values(TESTIMONIALS.map((testimonial, position) => ({ storeId, rating: 5, position, ...testimonial })))
    .returning({ id: testimonials.id });
  return { reviews: reviewRows.map((row) => row.id), testimonials: testimonialRows.map((row) => row.id) };
}

/** Inserts the blog post and the pages; returns the post's id. */
async function insertContent(tx: Transaction, storeId: string): Promise<number> {
  const [post] = await tx
    .insert(blogPosts)
    .values({
      storeId,
      slug: BLOG_POST.slug,
      title: BLOG_POST.title,
      author: BLOG_POST.author,
      publishedAt: daysAgo(BLOG_POST.daysAgo),
    })
    .returning({ id: blogPosts.id });
  await tx
    .insert(blogSections)
    .values(BLOG_POST.sections.map((section, position) => ({ storeId, postId: post.id, position, ...section })));

  const insertedPages = await tx
    .insert(pages)
    .values(PAGES.map((page) => ({ storeId, name: page.name, title: page.title, image: page.image ? imageUrl(page.image) : null })))
    .returning({ id: pages.id, name: pages.name });
  const pageId = new Map(insertedPages.map((row) => [row.name, row.id]));
  await tx.insert(pageSections).values(
    PAGES.flatMap((page) =>
      page.sections.map((section, position) => ({
        storeId,
        pageId: pageId.get(page.name)!,
        position,
        subheading: section.subheading ?? null,
        content: section.content,
      })),
    ),
  );
  return post.id;
}

// No tax rates: a new shop collects sales tax only where its owner says, on the Taxes screen (decision 0060).
async function insertPricingRules(tx: Transaction, storeId: string): Promise<number[]> {
  await tx.insert(shippingOptions).values(SHIPPING_OPTIONS.map((option, position) => ({ storeId, position, ...option })));
  const rows = await tx.insert(discounts).values(DISCOUNTS.map((discount) => ({ storeId, ...discount }))).returning({ id: discounts.id });
  return rows.map((row) => row.id);
}
