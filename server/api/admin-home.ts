/**
 * The home page (permission `content`): the banners' texts and pictures, the product the text-with-image banner
 * opens, the title banner's height, which sections show in which order, and the testimonials. Each route is the
 * server/store/home-page.ts function the /admin/home screen calls, with the staff actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  homeChangeSchema,
  homeContentSchema,
  homePictureParamsSchema,
  homePictureUploadSchema,
  testimonialAnswerSchema,
  testimonialIdParamsSchema,
  testimonialInputSchema,
  testimonialListSchema,
  testimonialOrderSchema,
} from "../../core/schemas/admin-home";
import type { AppEnv } from "../context";
import { errorBodySchema, HttpError, parseWith } from "../http/errors";
import { readUploadForm } from "../images/picture-intake";
import {
  changeHomeContent,
  createTestimonial,
  deleteTestimonial,
  getHomeContent,
  listTestimonialRecords,
  NOT_A_PRODUCT_ON_SALE,
  ORDER_NOT_WHOLE,
  reorderTestimonials,
  TESTIMONIAL_NOT_FOUND,
  updateTestimonial,
  uploadHomePicture,
} from "../store/home-page";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, register, successSchema } from "./operation";

const readHomeOperation = adminOperation("content", {
  method: "get",
  path: "/settings/home",
  tags: ["admin"],
  summary: "What the home page shows: banners, pictures, the banner's product, sections in their order, the featured collection",
  responses: { 200: json(homeContentSchema, "The home page") },
});

const changeHomeOperation = adminOperation("content", {
  method: "patch",
  path: "/settings/home",
  tags: ["admin"],
  summary: "Change any part of the home page; what is left out stays. bannerHeight null is the default height; homeSections is sent whole",
  request: { body: jsonBody(homeChangeSchema) },
  responses: { 200: json(homeContentSchema, "The home page as stored"), ...errors({ 400: `${BAD_INPUT}; or "${NOT_A_PRODUCT_ON_SALE}"` }) },
});

const uploadPictureOperation = adminOperation("content", {
  method: "post",
  path: "/settings/home/pictures/{slot}",
  tags: ["admin"],
  summary: "Upload a new picture for the title banner (bannerImage), the image band, the discount block or the welcome popup (JPEG, PNG, WebP, AVIF; 20 MB)",
  request: { params: homePictureParamsSchema, body: { required: true, content: { "multipart/form-data": { schema: homePictureUploadSchema } } } },
  responses: {
    201: json(homeContentSchema, "The home page with the new picture"),
    ...errors({ 400: `${BAD_INPUT}; or no picture sent` }),
    413: json(errorBodySchema, "A picture over 20 MB"),
    415: json(errorBodySchema, "Pictures must be JPEG, PNG, WebP or AVIF"),
  },
});

const params = { params: testimonialIdParamsSchema };

const listTestimonialsOperation = adminOperation("content", {
  method: "get",
  path: "/testimonials",
  tags: ["admin"],
  summary: "The home page's testimonials, in the carousel's order",
  responses: { 200: json(testimonialListSchema, "Every testimonial") },
});

const createTestimonialOperation = adminOperation("content", {
  method: "post",
  path: "/testimonials",
  tags: ["admin"],
  summary: "Add a testimonial, shown last",
  request: { body: jsonBody(testimonialInputSchema) },
  responses: { 201: json(testimonialAnswerSchema, "The testimonial"), ...errors({ 400: BAD_INPUT }) },
});

// Before /testimonials/{id}: "order" is not an id.
const reorderTestimonialsOperation = adminOperation("content", {
  method: "put",
  path: "/testimonials/order",
  tags: ["admin"],
  summary: "Put the testimonials in a new order",
  request: { body: jsonBody(testimonialOrderSchema) },
  responses: { 200: json(testimonialListSchema, "Every testimonial, in the new order"), ...errors({ 400: `${BAD_INPUT}; or "${ORDER_NOT_WHOLE}"` }) },
});

const updateTestimonialOperation = adminOperation("content", {
  method: "put",
  path: "/testimonials/{id}",
  tags: ["admin"],
  summary: "Replace a testimonial's title, text, rating and name",
  request: { ...params, body: jsonBody(testimonialInputSchema) },
  responses: { 200: json(testimonialAnswerSchema, "The testimonial"), ...errors({ 400: BAD_INPUT, 404: TESTIMONIAL_NOT_FOUND }) },
});

const deleteTestimonialOperation = adminOperation("content", {
  method: "delete",
  path: "/testimonials/{id}",
  tags: ["admin"],
  summary: "Remove a testimonial from the home page",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: TESTIMONIAL_NOT_FOUND }) },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(testimonialIdParamsSchema, { id: c.req.param("id") }).id);

export function adminHomeRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, readHomeOperation, async (c) => c.json(await getHomeContent(c.var.deps.db, c.var.storeId)));
  register(routes, changeHomeOperation, async (c) => {
    const change = await bodyOf(c, changeHomeOperation);
    return c.json(await changeHomeContent(c.var.deps.db, c.var.staffActor, change));
  });
  register(routes, uploadPictureOperation, async (c) => {
    const { slot } = parseWith(homePictureParamsSchema, { slot: c.req.param("slot") });
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "Send the picture as a multipart form");
    }
    const { files } = readUploadForm(form);
    if (files.length > 1) throw new HttpError(400, "Send one picture", "file");
    return c.json(await uploadHomePicture(c.var.deps, c.var.staffActor, slot, files[0]), 201);
  });

  register(routes, listTestimonialsOperation, async (c) => c.json({ testimonials: await listTestimonialRecords(c.var.deps.db, c.var.storeId) }));
  register(routes, createTestimonialOperation, async (c) => {
    const input = await bodyOf(c, createTestimonialOperation);
    return c.json({ testimonial: await createTestimonial(c.var.deps.db, c.var.staffActor, input) }, 201);
  });
  register(routes, reorderTestimonialsOperation, async (c) => {
    const { ids } = await bodyOf(c, reorderTestimonialsOperation);
    return c.json({ testimonials: await reorderTestimonials(c.var.deps.db, c.var.staffActor, ids) });
  });
  register(routes, updateTestimonialOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateTestimonialOperation);
    return c.json({ testimonial: await updateTestimonial(c.var.deps.db, c.var.staffActor, id, input) });
  });
  register(routes, deleteTestimonialOperation, async (c) => {
    await deleteTestimonial(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  return routes;
}
