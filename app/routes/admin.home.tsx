import { Form, Link } from "react-router";
import type { HomeSectionKey } from "@core/home-sections";
import {
  FormMessage,
  LabelledField,
  SelectField,
  TextField,
} from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import {
  AdminErrorBoundary,
  adminMeta,
  AdminPage,
  AdminSection,
} from "~/components/admin/admin-page";
import { SETTINGS_NOTICES } from "~/components/admin/settings-form";
import { placeErrors } from "~/lib/form-error";
import {
  getHomeContent,
  homeAction,
  listBannerProducts,
  listTestimonialRecords,
  requireStaffPage,
} from "./admin.home.server";
import type { Route } from "./+types/admin.home";

export const meta = () => adminMeta("Home page");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const [home, products, testimonials] = await Promise.all([
    getHomeContent(context.db, context.storeId),
    listBannerProducts(context.db, context.storeId),
    listTestimonialRecords(context.db, context.storeId),
  ]);
  const url = new URL(request.url);
  // The testimonial whose removal is being asked (?remove=<id>).
  return {
    home,
    products,
    testimonials,
    removing: url.searchParams.get("remove"),
    notice: SETTINGS_NOTICES.of(url),
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  homeAction(context, request);

type Data = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

const BANNER_FIELDS = [
  "bannerHeader",
  "bannerText",
  "bannerButtonText",
  "bannerProductHandle",
  "bannerHeight",
] as const;
const TESTIMONIAL_FIELDS = ["title", "main_review", "rating", "name"] as const;
const RATINGS = ["5", "4", "3", "2", "1"].map((value) => ({
  value,
  label: `${value} of 5`,
}));

/** The sections by the names the owner knows them by (the home page's headings, where they have one). */
const HOME_SECTION_LABELS: Record<HomeSectionKey, string> = {
  titleBanner: "Title banner",
  textWithImage: "Text with image",
  featured: "Featured collection",
  products: "Shop all products",
  imageBand: "Image band",
  testimonials: "Testimonials",
  reviews: "Recent reviews",
  discount: "Discount block",
};

const PICTURES: {
  slot: keyof Data["home"] & string;
  title: string;
  where: string;
}[] = [
  {
    slot: "bannerImage",
    title: "Title banner picture",
    where: "behind the header at the top of the home page",
  },
  {
    slot: "imageBand",
    title: "Image band picture",
    where: "the wide band between the products and the testimonials",
  },
  {
    slot: "discountImage",
    title: "Discount block picture",
    where: "above the newsletter offer",
  },
  {
    slot: "popupImage",
    title: "Welcome popup picture",
    where: "in the popup that offers the first-order discount",
  },
];

/** Which form of the page an answer is for: the same key the action gives it. */
const mineOf = (actionData: ActionData, key: string) =>
  actionData && actionData.id === key ? actionData : undefined;

function BannerForm({
  home,
  products,
  actionData,
}: {
  home: Data["home"];
  products: Data["products"];
  actionData: ActionData;
}) {
  const mine = mineOf(actionData, "save");
  const placed = placeErrors(mine?.errors, BANNER_FIELDS);
  const typed = mine?.values;
  const productOptions = products.some(
    (product) => product.handle === home.bannerProductHandle,
  )
    ? products.map((product) => ({
        value: product.handle,
        label: product.title,
      }))
    : [
        {
          value: home.bannerProductHandle,
          label: `${home.bannerProductHandle} (not on sale: choose another)`,
        },
        ...products.map((product) => ({
          value: product.handle,
          label: product.title,
        })),
      ];
  return (
    <Form method="post" className="flex flex-col gap-6">
      {placed.form ? (
        <FormMessage tone="error">{placed.form}</FormMessage>
      ) : null}
      <AdminSection title="Title banner">
        <div className="flex max-w-xl flex-col gap-4">
          <TextField
            label="Header"
            name="bannerHeader"
            defaultValue={typed?.bannerHeader ?? home.bannerHeader}
            error={placed.at.bannerHeader}
            maxLength={200}
            required
          />
          <TextField
            label="Height in pixels (250 at least; blank: 60 % of the window; never taller than the window)"
            name="bannerHeight"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={
              typed?.bannerHeight ??
              (home.bannerHeight === null ? "" : String(home.bannerHeight))
            }
            error={placed.at.bannerHeight}
          />
        </div>
      </AdminSection>
      <AdminSection title="Text with image">
        <p className="mb-4">
          The product&apos;s own picture shows beside the text; change it in the
          product&apos;s editor.
        </p>
        <div className="flex max-w-xl flex-col gap-4">
          <LabelledField
            label="Text"
            error={placed.at.bannerText}
            control={(control) => (
              <textarea
                name="bannerText"
                rows={4}
                maxLength={1000}
                defaultValue={typed?.bannerText ?? home.bannerText}
                {...control}
              />
            )}
          />
          <TextField
            label="Button text"
            name="bannerButtonText"
            defaultValue={typed?.bannerButtonText ?? home.bannerButtonText}
            error={placed.at.bannerButtonText}
            maxLength={60}
            required
          />
          <SelectField
            label="The product the button opens"
            name="bannerProductHandle"
            options={productOptions}
            defaultValue={
              typed?.bannerProductHandle ?? home.bannerProductHandle
            }
            error={placed.at.bannerProductHandle}
          />
        </div>
      </AdminSection>
      <div>
        <AdminButton name="intent" value="save">
          Save banners
        </AdminButton>
      </div>
    </Form>
  );
}

function SectionsForm({
  home,
  actionData,
}: {
  home: Data["home"];
  actionData: ActionData;
}) {
  const mine = mineOf(actionData, "sections");
  const last = home.homeSections.length - 1;
  return (
    <AdminSection title="Sections">
      <p className="mb-4">
        What the home page shows, top to bottom. Untick a section to hide it.
      </p>
      {mine?.errors[0] ? (
        <FormMessage tone="error">{mine.errors[0].error}</FormMessage>
      ) : null}
      <Form method="post">
        <ol className="flex max-w-xl flex-col gap-2">
          {home.homeSections.map((section, i) => {
            const label = HOME_SECTION_LABELS[section.key];
            return (
              <li
                key={section.key}
                className="flex items-center gap-3 rounded border border-black/20 bg-white px-3 py-2"
              >
                <input type="hidden" name="order" value={section.key} />
                <label className="flex grow items-center gap-2">
                  <input
                    type="checkbox"
                    name={`visible.${section.key}`}
                    defaultChecked={section.visible}
                    className="size-5 shrink-0"
                  />
                  {label}
                </label>
                <AdminButton
                  name="move"
                  value={`${section.key}:up`}
                  weight="secondary"
                  disabled={i === 0}
                  aria-label={`Move ${label} up`}
                >
                  Up
                </AdminButton>
                <AdminButton
                  name="move"
                  value={`${section.key}:down`}
                  weight="secondary"
                  disabled={i === last}
                  aria-label={`Move ${label} down`}
                >
                  Down
                </AdminButton>
              </li>
            );
          })}
        </ol>
        {/* Up and Down save the ticks too. */}
        <input type="hidden" name="intent" value="sections" />
        <div className="mt-4">
          <AdminButton>Save sections</AdminButton>
        </div>
      </Form>
    </AdminSection>
  );
}

function PictureForm({
  picture,
  url,
  actionData,
}: {
  picture: (typeof PICTURES)[number];
  url: string | null;
  actionData: ActionData;
}) {
  const mine = mineOf(actionData, `picture:${picture.slot}`);
  const placed = placeErrors(mine?.errors, ["file"]);
  return (
    <AdminSection title={picture.title}>
      <p className="mb-4">Shown {picture.where}.</p>
      {url ? (
        <img
          src={url}
          alt={`Current ${picture.title.toLowerCase()}`}
          className="mb-4 h-24 w-auto rounded border border-black/20"
        />
      ) : null}
      {placed.form ? (
        <FormMessage tone="error">{placed.form}</FormMessage>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="flex max-w-xl flex-col gap-4"
      >
        <input type="hidden" name="slot" value={picture.slot} />
        <TextField
          label={`New ${picture.title.toLowerCase()} (JPEG, PNG, WebP or AVIF)`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          required
          error={placed.at.file}
        />
        <div>
          <AdminButton name="intent" value="picture" weight="secondary">
            Upload {picture.title.toLowerCase()}
          </AdminButton>
        </div>
      </Form>
    </AdminSection>
  );
}

type Testimonial = Data["testimonials"][number];

function TestimonialForm({
  testimonial,
  position,
  count,
  removing = false,
  actionData,
}: {
  testimonial: Testimonial | null;
  position: number;
  count: number;
  removing?: boolean;
  actionData: ActionData;
}) {
  const key = testimonial ? String(testimonial.id) : "new";
  const mine = mineOf(actionData, key);
  const placed = placeErrors(mine?.errors, TESTIMONIAL_FIELDS);
  const typed = mine?.values;
  const value = (field: (typeof TESTIMONIAL_FIELDS)[number]) =>
    typed?.[field] ?? (testimonial ? String(testimonial[field]) : "");
  return (
    <>
      <Form method="post" className="flex max-w-xl flex-col gap-4">
        {placed.form ? (
          <FormMessage tone="error">{placed.form}</FormMessage>
        ) : null}
        {testimonial ? (
          <input type="hidden" name="id" value={testimonial.id} />
        ) : null}
        <TextField
          label="Title"
          name="title"
          defaultValue={value("title")}
          error={placed.at.title}
          maxLength={120}
          required
        />
        <LabelledField
          label="What they said"
          error={placed.at.main_review}
          control={(control) => (
            <textarea
              name="main_review"
              rows={3}
              maxLength={2000}
              required
              defaultValue={value("main_review")}
              {...control}
            />
          )}
        />
        <SelectField
          label="Rating"
          name="rating"
          options={RATINGS}
          defaultValue={value("rating") || "5"}
          error={placed.at.rating}
        />
        <TextField
          label="Name"
          name="name"
          defaultValue={value("name")}
          error={placed.at.name}
          maxLength={120}
          required
        />
        <div className="flex flex-wrap gap-2">
          <AdminButton name="intent" value="testimonial-save">
            {testimonial ? "Save testimonial" : "Add testimonial"}
          </AdminButton>
          {testimonial ? (
            <>
              <AdminButton
                name="intent"
                value="testimonial-up"
                weight="secondary"
                disabled={position === 0}
                formNoValidate
              >
                Move earlier
              </AdminButton>
              <AdminButton
                name="intent"
                value="testimonial-down"
                weight="secondary"
                disabled={position === count - 1}
                formNoValidate
              >
                Move later
              </AdminButton>
            </>
          ) : null}
        </div>
      </Form>
      {testimonial ? (
        removing ? (
          <ConfirmStep
            question={`Remove ${testimonial.name}'s testimonial “${testimonial.title}” from the home page?`}
            intent="testimonial-delete"
            id={testimonial.id}
            confirmLabel="Remove testimonial"
            cancelTo="/admin/home"
          />
        ) : (
          <ConfirmLink
            to={`/admin/home?remove=${testimonial.id}`}
            label="Remove testimonial"
            target={`by ${testimonial.name}`}
          />
        )
      ) : null}
    </>
  );
}

export default function AdminHome({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { home, products, testimonials, removing, notice } = loaderData;
  return (
    <AdminPage
      title="Home page"
      intro={
        <p>
          What the shop&apos;s home page shows. A change shows on the shop as
          soon as it is saved.
        </p>
      }
    >
      {notice && !actionData ? (
        <FormMessage tone="success">{notice}</FormMessage>
      ) : null}
      <BannerForm home={home} products={products} actionData={actionData} />
      <SectionsForm home={home} actionData={actionData} />
      <AdminSection title="Featured collection">
        <p>
          {home.featuredCollection ? (
            <>
              The Featured carousel shows{" "}
              <strong>{home.featuredCollection.title}</strong>.{" "}
              <Link
                to={`/admin/collections/${home.featuredCollection.id}`}
                className="underline"
              >
                Edit {home.featuredCollection.title}
              </Link>{" "}
              or mark another collection featured in{" "}
            </>
          ) : (
            <>
              No collection is featured, so the carousel is empty. Mark one
              featured in{" "}
            </>
          )}
          <Link to="/admin/collections" className="underline">
            Collections
          </Link>
          .
        </p>
      </AdminSection>
      {PICTURES.map((picture) => (
        <PictureForm
          key={picture.slot}
          picture={picture}
          url={home[picture.slot] as string | null}
          actionData={actionData}
        />
      ))}
      <AdminSection title="Discount block text">
        <p>
          The block under its picture offers the welcome popup&apos;s discount
          when it is on, and the newsletter otherwise: set the offer in{" "}
          <Link to="/admin/discounts" className="underline">
            Discounts
          </Link>
          .
        </p>
      </AdminSection>
      <AdminSection title="Testimonials">
        <p className="mb-4">
          Shown in this order in the Testimonials carousel.
        </p>
        <ol className="flex flex-col gap-6">
          {testimonials.map((testimonial, i) => (
            <li
              key={testimonial.id}
              aria-label={`Testimonial ${i + 1}: ${testimonial.title}`}
              className="border-b border-black/20 pb-6"
            >
              <TestimonialForm
                testimonial={testimonial}
                position={i}
                count={testimonials.length}
                removing={removing === String(testimonial.id)}
                actionData={actionData}
              />
            </li>
          ))}
        </ol>
      </AdminSection>
      <AdminSection title="Add a testimonial">
        <TestimonialForm
          testimonial={null}
          position={testimonials.length}
          count={testimonials.length + 1}
          actionData={actionData}
        />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
