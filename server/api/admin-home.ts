/**
 * The home page (permission `content`): the banners' texts and pictures, the product the text-with-image banner
 * opens, the title banner's height, which sections show in which order, and the testimonials. Each route is the
 * server/store/home-page.ts function the /admin/home screen calls, with the staff actor for the audit trail.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
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
import { parseWith } from "../../core/errors";
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
} from "../catalog/home-page";
import { adminOperation, DELETED, onePictureOf, pictureRefusals, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, formBody, json, jsonBody, numberParam, register } from "./operation";

const onHome = resourceOperations("content", { path: "/settings/home", answer: json(homeContentSchema, "The home page") });

const readHomeOperation = onHome.get({
  summary: "What the home page shows: banners, pictures, the banner's product, sections in their order, the featured collection",
});

const changeHomeOperation = onHome.patch({
  summary: "Change any part of the home page; what is left out stays. bannerHeight null is the default height; homeSections is sent whole",
  body: jsonBody(homeChangeSchema),
  answers: { 200: json(homeContentSchema, "The home page as stored") },
  refusals: { 400: `${BAD_INPUT}; or "${NOT_A_PRODUCT_ON_SALE}"` },
});

const uploadPictureOperation = adminOperation("content", {
  method: "post",
  path: "/settings/home/pictures/{slot}",
  summary: "Upload a new picture for the title banner (bannerImage), the image band, the discount block or the welcome popup (JPEG, PNG, WebP, AVIF; 20 MB)",
  request: { params: homePictureParamsSchema, body: formBody(homePictureUploadSchema) },
  responses: {
    201: json(homeContentSchema, "The home page with the new picture"),
    ...errors({ 400: `${BAD_INPUT}; or no picture sent` }),
    ...pictureRefusals(),
  },
});

const onTestimonials = resourceOperations("content", { path: "/testimonials", answer: json(testimonialListSchema, "Every testimonial") });

const listTestimonialsOperation = onTestimonials.get({ summary: "The home page's testimonials, in the carousel's order" });

const createTestimonialOperation = onTestimonials.post({
  summary: "Add a testimonial, shown last",
  body: jsonBody(testimonialInputSchema),
  answers: { 201: json(testimonialAnswerSchema, "The testimonial") },
});

// Before /testimonials/{id}: "order" is not an id.
const reorderTestimonialsOperation = adminOperation("content", {
  method: "put",
  path: "/testimonials/order",
  summary: "Put the testimonials in a new order",
  request: { body: jsonBody(testimonialOrderSchema) },
  responses: { 200: json(testimonialListSchema, "Every testimonial, in the new order"), ...errors({ 400: `${BAD_INPUT}; or "${ORDER_NOT_WHOLE}"` }) },
});

const onTestimonial = resourceOperations("content", {
  path: "/testimonials/{id}",
  params: testimonialIdParamsSchema,
  notFound: TESTIMONIAL_NOT_FOUND,
  answer: json(testimonialAnswerSchema, "The testimonial"),
});

const updateTestimonialOperation = onTestimonial.put({
  summary: "Replace a testimonial's title, text, rating and name",
  body: jsonBody(testimonialInputSchema),
});

const deleteTestimonialOperation = onTestimonial.delete({ summary: "Remove a testimonial from the home page", answers: DELETED });

const idOf = numberParam(testimonialIdParamsSchema, "id");

export function adminHomeRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, readHomeOperation, async (c) => c.json(await getHomeContent(c.var.deps.db, c.var.deps.storeId)));
  register(routes, changeHomeOperation, async (c) => {
    const change = await bodyOf(c, changeHomeOperation);
    return c.json(await changeHomeContent(c.var.deps.db, c.var.staffActor, change));
  });
  register(routes, uploadPictureOperation, async (c) => {
    const { slot } = parseWith(homePictureParamsSchema, { slot: c.req.param("slot") });
    const { picture } = await onePictureOf(c, "picture");
    return c.json(await uploadHomePicture(c.var.deps, c.var.staffActor, slot, picture), 201);
  });

  register(routes, listTestimonialsOperation, async (c) => c.json({ testimonials: await listTestimonialRecords(c.var.deps.db, c.var.deps.storeId) }));
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
