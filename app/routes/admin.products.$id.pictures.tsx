import { data, Form, Link, redirect } from "react-router";
import { productIdParamsSchema } from "@core/schemas/admin-catalogue";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { PictureDropZone } from "~/components/admin/picture-drop-zone";
import { PICTURE_NOTICES } from "~/components/admin/picture-notices";
import { useImageFallback } from "~/lib/images";
import { placeErrors } from "~/lib/form-error";
import {
  addUploadedPictures,
  formFailure,
  formValues,
  foundOrNotFound,
  HttpError,
  movePicture,
  picturesScreen,
  readUploadForm,
  removePictureAndFiles,
  requireStaffPage,
  setVariantPicture,
  updatePicture,
} from "./admin.products.$id.pictures.server";
import type { Route } from "./+types/admin.products.$id.pictures";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Pictures of ${loaderData.product.title}` : "Pictures");

const FIELDS = ["file", "alt_text"] as const;

/** The product's id from the address; anything that cannot be one is a page that does not exist. */
function productIdOf(params: { id: string }): number {
  const parsed = productIdParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(parsed.data.id);
}

const idIn = (form: FormData, name: string) => {
  const value = Number(form.get(name));
  if (!Number.isSafeInteger(value) || value <= 0) throw new HttpError(400, "Unknown picture");
  return value;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue");
  const productId = productIdOf(params);
  const url = new URL(request.url);
  const screen = await foundOrNotFound(picturesScreen(context.db, context.storeId, productId));
  const removing = Number(url.searchParams.get("remove"));
  return { ...screen, confirmRemove: screen.pictures.some((picture) => picture.id === removing) ? removing : null, notice: PICTURE_NOTICES.of(url) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const productId = productIdOf(params);
  const path = `/admin/products/${productId}/pictures`;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, ["alt_text"]);
  // Which picture's form failed, so its message shows beside it.
  const pictureId = form.has("id") ? Number(form.get("id")) : null;
  try {
    if (intent === "upload") {
      await addUploadedPictures(context, actor, productId, readUploadForm(form));
      return redirect(PICTURE_NOTICES.onto(path, "pictures-added"));
    }
    if (intent === "save" || intent === "up" || intent === "down") {
      const id = idIn(form, "id");
      const position = Number(form.get("position"));
      await context.db.transaction(async (tx) => {
        await updatePicture(tx, actor, id, { altText: values.alt_text });
        if (intent !== "save") await movePicture(tx, actor, id, Math.max(0, position + (intent === "up" ? -1 : 1)));
      });
      return redirect(PICTURE_NOTICES.onto(path, intent === "save" ? "picture-saved" : "picture-moved"));
    }
    if (intent === "remove") {
      await removePictureAndFiles(context, actor, idIn(form, "id"));
      return redirect(PICTURE_NOTICES.onto(path, "picture-removed"));
    }
    if (intent === "variants") {
      const { variants } = await picturesScreen(context.db, context.storeId, productId);
      await context.db.transaction(async (tx) => {
        for (const variant of variants) {
          const chosen = form.get(`variant-${variant.id}`);
          if (chosen === null) continue;
          await setVariantPicture(tx, actor, variant.id, chosen === "" ? null : Number(chosen));
        }
      });
      return redirect(PICTURE_NOTICES.onto(path, "variant-pictures-saved"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent, pictureId }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const image = useImageFallback(url, 728);
  return (
    <img
      {...image}
      srcSet={undefined}
      alt={alt}
      width={112}
      height={112}
      loading="lazy"
      className="h-28 w-28 shrink-0 rounded border border-black/10 bg-white object-contain"
    />
  );
}

export default function AdminProductPictures({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pictures, variants, confirmRemove, notice } = loaderData;
  const path = `/admin/products/${product.id}/pictures`;
  const failure = actionData;
  const placed = (intent: string) => placeErrors(failure?.intent === intent ? failure.errors : undefined, FIELDS);
  const uploadErrors = placed("upload");
  const variantErrors = placed("variants");
  const pictureFailure = (id: number) => (failure && failure.pictureId === id ? placeErrors(failure.errors, FIELDS) : null);
  const pictureOptions = [
    { value: "", label: "The product's pictures" },
    ...pictures.map((picture, i) => ({ value: String(picture.id), label: `Picture ${i + 1}${picture.altText ? `: ${picture.altText}` : ""}` })),
  ];
  return (
    <AdminPage
      title={`Pictures of ${product.title}`}
      intro={
        <p>
          The first picture is the product's main picture in the shop.{" "}
          {product.status === "active" ? "The product is published, so every picture needs alt text. " : "Alt text is needed before the product is published. "}
          <Link to={`/admin/products/${product.id}`} className="underline">
            Back to the product
          </Link>
        </p>
      }
    >
      {notice && !failure ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <AdminSection title="Add pictures">
        {/* Keyed by the count, so a successful upload leaves an empty form; a refused one keeps what was chosen. */}
        <Form key={pictures.length} method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="upload" />
          <PictureDropZone error={uploadErrors.at.file ?? uploadErrors.form} />
          <TextField
            label="Alt text for these pictures"
            name="alt_text"
            maxLength={500}
            defaultValue={failure?.intent === "upload" ? failure.values.alt_text : undefined}
            error={uploadErrors.at.alt_text}
          />
          <div>
            <AdminButton>Upload pictures</AdminButton>
          </div>
        </Form>
      </AdminSection>

      <AdminSection title={`Pictures (${pictures.length})`}>
        {pictures.length === 0 ? (
          <p>No pictures yet: the shop shows a placeholder.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-black/10">
            {pictures.map((picture, i) => {
              const errors = pictureFailure(picture.id);
              const label = `picture ${i + 1}`;
              return (
                <li key={picture.id} className="flex flex-col gap-3 py-4 sm:flex-row">
                  <Thumbnail url={picture.url} alt={picture.altText} />
                  <div className="min-w-0 grow">
                    <p className="font-medium">
                      Picture {i + 1}
                      {i === 0 ? " (main)" : ""}
                      {picture.isHover ? " (shown on hover)" : ""}
                    </p>
                    <Form method="post" className="mt-2 flex flex-col gap-3">
                      <input type="hidden" name="id" value={picture.id} />
                      <input type="hidden" name="position" value={i} />
                      <TextField
                        label={`Alt text of picture ${i + 1}`}
                        name="alt_text"
                        maxLength={500}
                        defaultValue={errors ? failure?.values.alt_text : picture.altText}
                        error={errors?.at.alt_text}
                      />
                      {errors?.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
                      <div className="flex flex-wrap gap-2">
                        <AdminButton name="intent" value="save">
                          Save alt text<span className="sr-only"> of {label}</span>
                        </AdminButton>
                        {i > 0 ? (
                          <AdminButton name="intent" value="up" weight="secondary">
                            Move up<span className="sr-only"> {label}</span>
                          </AdminButton>
                        ) : null}
                        {i < pictures.length - 1 ? (
                          <AdminButton name="intent" value="down" weight="secondary">
                            Move down<span className="sr-only"> {label}</span>
                          </AdminButton>
                        ) : null}
                      </div>
                    </Form>
                    {confirmRemove === picture.id ? (
                      <ConfirmStep
                        question={`Remove picture ${i + 1}? Its files are deleted; a variant showing it shows the product's pictures.`}
                        intent="remove"
                        id={picture.id}
                        confirmLabel="Remove picture"
                        cancelTo={path}
                      />
                    ) : (
                      <ConfirmLink to={`${path}?remove=${picture.id}`} label="Remove" target={label} />
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </AdminSection>

      {variants.length > 1 && pictures.length > 0 ? (
        <AdminSection title="Variant pictures">
          <p className="mb-4">A variant may show its own picture when a shopper picks it.</p>
          <Form method="post" className="flex flex-col gap-4">
            {variantErrors.form ? <FormMessage tone="error">{variantErrors.form}</FormMessage> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {variants.map((variant) => (
                <SelectField
                  key={variant.id}
                  label={Object.values(variant.attributes).join(" / ") || variant.sku}
                  name={`variant-${variant.id}`}
                  options={pictureOptions}
                  defaultValue={variant.pictureId === null ? "" : String(variant.pictureId)}
                />
              ))}
            </div>
            <div>
              <AdminButton name="intent" value="variants">
                Save variant pictures
              </AdminButton>
            </div>
          </Form>
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
