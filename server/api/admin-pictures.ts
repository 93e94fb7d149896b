/**
 * Product pictures (permission `catalogue`): upload (multipart, checked by content, stored without EXIF with the
 * storefront's renditions), alt text and order, removal, and the picture a variant shows. Each write is the same
 * server/catalog/product-pictures.ts function the admin screen calls, with the staff actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  MAX_PICTURES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  PICTURE_TOO_LARGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from "../../core/pictures";
import { productIdParamsSchema } from "../../core/schemas/admin-catalogue";
import { variantIdParamsSchema } from "../../core/schemas/admin-inventory";
import {
  pictureChangeSchema,
  pictureIdParamsSchema,
  productPicturesSchema,
  pictureUploadSchema,
  variantPictureAnswerSchema,
  variantPictureSchema,
} from "../../core/schemas/admin-pictures";
import {
  addUploadedPictures,
  listProductPictures,
  movePicture,
  removePictureAndFiles,
  setVariantPicture,
  updatePicture,
  type ProductPicture,
} from "../catalog/product-pictures";
import type { AppEnv } from "../context";
import { adminUploadPaths, type LargeBodyRoute } from "../edge/body-limits";
import { adminOperation, pictureRefusals, resourceOperations, uploadOf } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, formBody, json, jsonBody, numberParam, register } from "./operation";

const PRODUCT_NOT_FOUND = "No product with this id in this store";
const PICTURE_NOT_FOUND = "No picture with this id in this store";

const upload = adminOperation("catalogue", {
  method: "post",
  path: "/products/{id}/pictures",
  summary: "Upload pictures (JPEG, PNG, WebP, AVIF; 20 MB each), added after the product's others",
  description:
    "A multipart form with `file` once per picture and an optional `alt_text` for all of them. Each picture is read by " +
    "its content, not its name; stored without EXIF (no location) as `<name>.jpg` with `.webp`, `_728.webp` and " +
    "`_1024.webp` versions. All or none: one refused picture stores none of them. At most 10 pictures and 100 MB a request.",
  request: {
    params: productIdParamsSchema,
    body: formBody(pictureUploadSchema),
  },
  responses: {
    201: json(productPicturesSchema, "The product's pictures, the new ones last"),
    ...errors({
      400: `${BAD_INPUT}; or alt text missing on a published product`,
      404: PRODUCT_NOT_FOUND,
    }),
    ...pictureRefusals(`${PICTURE_TOO_LARGE_MESSAGE}, or the request carries more than ${MAX_PICTURES_PER_UPLOAD} pictures or 100 MB`),
  },
});

const onPicture = resourceOperations("catalogue", {
  path: "/pictures/{id}",
  params: pictureIdParamsSchema,
  notFound: PICTURE_NOT_FOUND,
  answer: json(productPicturesSchema, "The product's pictures in their order"),
});

const change = onPicture.patch({
  summary: "Change a picture's alt text or move it (position 0 is the product's main picture)",
  body: jsonBody(pictureChangeSchema),
});

const remove = onPicture.delete({
  summary: "Remove a picture and its files; a variant that showed it shows the product's pictures",
  answers: { 200: json(productPicturesSchema, "The product's pictures left") },
});

const chooseForVariant = adminOperation("catalogue", {
  method: "put",
  path: "/variants/{id}/picture",
  summary: "Name the picture a variant shows (one of its product's), or null for the product's",
  request: {
    params: variantIdParamsSchema,
    body: jsonBody(variantPictureSchema),
  },
  responses: {
    200: json(variantPictureAnswerSchema, "The variant's picture"),
    ...errors({
      400: `${BAD_INPUT}; or the picture is another product's`,
      404: "No such variant or picture in this store",
    }),
  },
});

const idOf = numberParam(productIdParamsSchema, "id");

export const pictureBody = (picture: ProductPicture): z.infer<typeof productPicturesSchema>["pictures"][number] => ({
  id: picture.id,
  url: picture.url,
  alt_text: picture.altText,
  position: picture.position,
  is_hover: picture.isHover,
});

async function picturesBody(c: Context<AppEnv>, productId: number): Promise<z.infer<typeof productPicturesSchema>> {
  const pictures = await listProductPictures(c.var.deps.db, c.var.deps.storeId, productId);
  return { product_id: productId, pictures: pictures.map(pictureBody) };
}

/**
 * The picture uploads, each larger than the app's 64 KB for a caller its gate lets in (server/edge/body-limits.ts):
 * a product's pictures, and the store's logo (server/api/admin-settings.ts, the Theme screen) and home page pictures
 * (server/api/admin-home.ts, the Home screen).
 */
const PRODUCT_PICTURES = "products/[1-9]\\d{0,9}/pictures";
const pictureLimit = { maxSize: MAX_UPLOAD_BYTES, message: UPLOAD_TOO_LARGE_MESSAGE };
export const pictureUploads: LargeBodyRoute[] = [
  { paths: adminUploadPaths(PRODUCT_PICTURES, PRODUCT_PICTURES), access: "catalogue", ...pictureLimit },
  { paths: adminUploadPaths("settings/logo|settings/home/pictures/[A-Za-z]{1,20}", "theme|home"), access: "content", ...pictureLimit },
];

export function adminPicturesRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, upload, async (c) => {
    const productId = idOf(c);
    await addUploadedPictures(c.var.deps, c.var.staffActor, productId, await uploadOf(c, "pictures"));
    return c.json(await picturesBody(c, productId), 201);
  });

  register(routes, change, async (c) => {
    const pictureId = idOf(c);
    const body = await bodyOf(c, change);
    const { db } = c.var.deps;
    const productId = await db.transaction(async (tx) => {
      const updated =
        body.alt_text === undefined
          ? null
          : await updatePicture(tx, c.var.staffActor, pictureId, {
              altText: body.alt_text,
            });
      const moved = body.position === undefined ? null : await movePicture(tx, c.var.staffActor, pictureId, body.position);
      return (updated ?? moved![0]).productId;
    });
    return c.json(await picturesBody(c, productId));
  });

  register(routes, remove, async (c) => {
    const productId = await removePictureAndFiles(c.var.deps, c.var.staffActor, idOf(c));
    return c.json(await picturesBody(c, productId));
  });

  register(routes, chooseForVariant, async (c) => {
    const variantId = idOf(c);
    const { picture_id } = await bodyOf(c, chooseForVariant);
    await c.var.deps.db.transaction((tx) => setVariantPicture(tx, c.var.staffActor, variantId, picture_id));
    return c.json({ variant_id: variantId, picture_id });
  });

  return routes;
}
