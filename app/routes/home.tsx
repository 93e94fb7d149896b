import { Fragment, Suspense } from "react";
import { Await, Link } from "react-router";
import type { HomeSectionKey } from "@core/home-sections";
import { DiscountBlock, ImageBand, TextWithImageBanner, TitleBanner } from "~/components/home/banners";
import { Carousel } from "~/components/home/carousel";
import { TestimonialCard } from "~/components/home/testimonial-card";
import { CardSkeleton, ProductGrid } from "~/components/product/product-grid";
import { BundleCard, ProductCard } from "~/components/product/product-card";
import { ReviewsGrid } from "~/components/reviews/reviews-grid";
import { useShop } from "~/lib/use-shop";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { homePage } from "./home.server";
import type { Route } from "./+types/home";

export const loader = ({ context }: Route.LoaderArgs) => homePage(context);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const settings = matches[0]?.loaderData?.settings;
  const siteName = settings?.websiteTitle ?? "Shop";
  if (!loaderData || !settings) return [{ title: siteName }];
  return pageMeta({
    title: siteName,
    description: settings.siteContent.bannerText || settings.siteContent.bannerHeader,
    url: absoluteUrl(loaderData.origin, "/"),
    image: absoluteUrl(loaderData.origin, settings.siteContent.bannerImage),
    siteName,
  });
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-12">
      <h2 id={id} className="mb-6 text-3xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, products, productCount, bannerProduct, reviews, testimonials, featured, popupPercentage } = loaderData;
  const { settings } = useShop();
  const content = settings.siteContent;

  const render: Record<HomeSectionKey, () => React.ReactNode> = {
    titleBanner: () => <TitleBanner header={content.bannerHeader} image={content.bannerImage} height={content.bannerHeight} />,
    textWithImage: () => <TextWithImageBanner product={bannerProduct} text={content.bannerText} buttonText={content.bannerButtonText} />,
    // A shop with no product on sale yet (one started empty) shows no empty product sections, nor a Featured heading
    // over a collection with nothing in it (the demo's, once its members are removed).
    featured: () =>
      products.length === 0 ? null : (
        <Suspense fallback={<FeaturedSection><FeaturedSkeletons /></FeaturedSection>}>
          <Await resolve={featured} errorElement={<FeaturedSection><p>The featured collection could not be loaded.</p></FeaturedSection>}>
            {(collection) =>
              collection.formattedProductData.length + collection.formattedBundleData.length === 0 ? null : (
                <FeaturedSection>
                  <Carousel
                    label="Featured collection"
                    slides={[
                      ...collection.formattedProductData.map((product) => <ProductCard key={product.id} product={product} />),
                      ...collection.formattedBundleData.map((bundle) => <BundleCard key={bundle.bundle_handle} bundle={bundle} />),
                    ]}
                  />
                </FeaturedSection>
              )
            }
          </Await>
        </Suspense>
      ),
    products: () =>
      products.length === 0 ? null : (
        <Section id="products-heading" title="Shop all products">
          <ProductGrid products={products} label="All products" />
          {productCount > products.length ? (
            <p className="mt-8 text-center">
              <Link to="/shop" className="inline-block rounded bg-primary px-6 py-3 font-semibold text-white hover:opacity-90">
                {`See all ${productCount} products`}
              </Link>
            </p>
          ) : null}
        </Section>
      ),
    imageBand: () => <ImageBand image={content.imageBand} />,
    testimonials: () =>
      testimonials.length > 0 ? (
        <Section id="testimonials-heading" title="Testimonials">
          <Carousel
            label="Customer testimonials"
            slides={testimonials.map((testimonial, i) => (
              <TestimonialCard key={i} testimonial={testimonial} />
            ))}
          />
        </Section>
      ) : null,
    reviews: () =>
      reviews.length > 0 ? (
        <Section id="reviews-heading" title="What our customers say">
          <ReviewsGrid reviews={reviews} />
        </Section>
      ) : null,
    discount: () => <DiscountBlock image={content.discountImage} percentage={popupPercentage} />,
  };

  // The page's h1 is the title banner's: without the banner, the shop's name stands in.
  return (
    <>
      {sections.includes("titleBanner") ? null : <h1 className="sr-only">{settings.websiteTitle}</h1>}
      {sections.map((key) => (
        <Fragment key={key}>{render[key]()}</Fragment>
      ))}
    </>
  );
}

const FeaturedSection = ({ children }: { children: React.ReactNode }) => (
  <Section id="featured-heading" title="Featured">
    {children}
  </Section>
);

/** Three loading cards in the carousel's layout (docs/product.md, Limits and timings). */
function FeaturedSkeletons() {
  return (
    <div role="status" aria-label="Loading featured products" className="-ml-4 flex overflow-hidden">
      {[0, 1, 2].map((i) => (
        <div key={i} className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3">
          <CardSkeleton />
        </div>
      ))}
    </div>
  );
}
