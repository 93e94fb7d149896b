/**
 * The store's rules (permission `settings`): name, contact email, checkout on or off, minimum order, shipping
 * options and tax rates; and its looks (permission `content`): callout, colours, fonts, buttons, logo, navigation,
 * footer and social links. Each write is
 * the server/store/rules.ts function the admin screens call, with the staff actor for the audit trail. A looks change
 * is merged onto the current looks and refused (400, naming the setting) when the shop could not read it or a colour
 * pair's contrast falls below 4.5:1.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  logoUploadSchema,
  settingsIdParamsSchema,
  shippingOptionAnswerSchema,
  shippingOptionInputSchema,
  shippingOptionListSchema,
  storeLooksChangeSchema,
  storeLooksSchema,
  storeRulesSchema,
  taxRateAnswerSchema,
  taxRateInputSchema,
  taxRateListSchema,
} from "../../core/schemas/admin-settings";
import type { AppEnv } from "../context";
import { errorBodySchema, HttpError, parseWith } from "../http/errors";
import { readUploadForm } from "../images/picture-intake";
import {
  changeStoreLooks,
  changeStoreRules,
  createShippingOption,
  createTaxRate,
  deleteShippingOption,
  deleteTaxRate,
  getStoreLooks,
  getStoreRules,
  LAST_SHIPPING_OPTION,
  listShippingOptionRecords,
  listTaxRateRecords,
  SHIPPING_OPTION_NOT_FOUND,
  TAX_RATE_NOT_FOUND,
  TAX_REGION_TAKEN,
  updateShippingOption,
  updateTaxRate,
  uploadLogo,
} from "../store/rules";
import { adminOperation } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, json, jsonBody, register, successSchema } from "./operation";

const params = { params: settingsIdParamsSchema };
const LOOKS_REFUSED = `${BAD_INPUT}; a colour pair below 4.5:1 contrast ("Contrast 2.0:1 is below 4.5:1 for …", field the colour); or a menu or footer link the change adds that leads to no page of the shop ("navbar.pages.3.route: /pages/gone leads to no page in the shop", field the link's route, or its query for a collection)`;

const readRulesOperation = adminOperation("settings", {
  method: "get",
  path: "/settings/rules",
  tags: ["admin"],
  summary: "The store's name, contact email, checkout on or off and minimum order",
  responses: { 200: json(storeRulesSchema, "The rules") },
});

const changeRulesOperation = adminOperation("settings", {
  method: "put",
  path: "/settings/rules",
  tags: ["admin"],
  summary: "Replace the store's name, contact email (null: SHOP_OWNER_EMAIL), checkout on or off and minimum order",
  request: { body: jsonBody(storeRulesSchema) },
  responses: { 200: json(storeRulesSchema, "The rules as stored"), ...errors({ 400: BAD_INPUT }) },
});

const listShippingOperation = adminOperation("settings", {
  method: "get",
  path: "/shipping-options",
  tags: ["admin"],
  summary: "The shipping options checkout offers, in its order",
  responses: { 200: json(shippingOptionListSchema, "Every option") },
});

const createShippingOperation = adminOperation("settings", {
  method: "post",
  path: "/shipping-options",
  tags: ["admin"],
  summary: "Add a shipping option, offered last",
  request: { body: jsonBody(shippingOptionInputSchema) },
  responses: { 201: json(shippingOptionAnswerSchema, "The option"), ...errors({ 400: BAD_INPUT }) },
});

const updateShippingOperation = adminOperation("settings", {
  method: "put",
  path: "/shipping-options/{id}",
  tags: ["admin"],
  summary: "Replace a shipping option's name, details, price and free-shipping threshold (its key stays)",
  request: { ...params, body: jsonBody(shippingOptionInputSchema) },
  responses: { 200: json(shippingOptionAnswerSchema, "The option"), ...errors({ 400: BAD_INPUT, 404: SHIPPING_OPTION_NOT_FOUND }) },
});

const deleteShippingOperation = adminOperation("settings", {
  method: "delete",
  path: "/shipping-options/{id}",
  tags: ["admin"],
  summary: "Delete a shipping option; orders keep what they paid",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: SHIPPING_OPTION_NOT_FOUND, 409: LAST_SHIPPING_OPTION }) },
});

const listTaxOperation = adminOperation("settings", {
  method: "get",
  path: "/tax-rates",
  tags: ["admin"],
  summary: "Tax rates by country and region (basis points: 725 is 7.25 %), and whether each taxes shipping",
  responses: { 200: json(taxRateListSchema, "Every rate, by country and region") },
});

const createTaxOperation = adminOperation("settings", {
  method: "post",
  path: "/tax-rates",
  tags: ["admin"],
  summary: "Add a tax rate for a country and region (as a shipping address gives its state)",
  request: { body: jsonBody(taxRateInputSchema) },
  responses: { 201: json(taxRateAnswerSchema, "The rate"), ...errors({ 400: BAD_INPUT, 409: TAX_REGION_TAKEN }) },
});

const updateTaxOperation = adminOperation("settings", {
  method: "put",
  path: "/tax-rates/{id}",
  tags: ["admin"],
  summary: "Replace a tax rate",
  request: { ...params, body: jsonBody(taxRateInputSchema) },
  responses: { 200: json(taxRateAnswerSchema, "The rate"), ...errors({ 400: BAD_INPUT, 404: TAX_RATE_NOT_FOUND, 409: TAX_REGION_TAKEN }) },
});

const deleteTaxOperation = adminOperation("settings", {
  method: "delete",
  path: "/tax-rates/{id}",
  tags: ["admin"],
  summary: "Delete a tax rate; its region is then taxed at 0",
  request: params,
  responses: { 200: json(successSchema, "Deleted"), ...errors({ 400: BAD_INPUT, 404: TAX_RATE_NOT_FOUND }) },
});

const readLooksOperation = adminOperation("content", {
  method: "get",
  path: "/settings/looks",
  tags: ["admin"],
  summary: "The callout, colours, fonts, buttons, logo, navigation, footer and social links the shop shows",
  responses: { 200: json(storeLooksSchema, "The looks") },
});

const changeLooksOperation = adminOperation("content", {
  method: "patch",
  path: "/settings/looks",
  tags: ["admin"],
  summary: "Change any part of the looks; what is left out stays, a list sent replaces the list. Fonts are one of the stacks the shop can show",
  request: { body: jsonBody(storeLooksChangeSchema) },
  responses: { 200: json(storeLooksSchema, "The looks as stored"), ...errors({ 400: LOOKS_REFUSED }) },
});

const uploadLogoOperation = adminOperation("content", {
  method: "post",
  path: "/settings/logo",
  tags: ["admin"],
  summary: "Upload a new logo (JPEG, PNG, WebP, AVIF; 20 MB), with alt_text for its description if it changes",
  request: { body: { required: true, content: { "multipart/form-data": { schema: logoUploadSchema } } } },
  responses: {
    201: json(storeLooksSchema, "The looks with the new logo"),
    ...errors({ 400: `${BAD_INPUT}; or no picture sent` }),
    413: json(errorBodySchema, "A picture over 20 MB"),
    415: json(errorBodySchema, "Pictures must be JPEG, PNG, WebP or AVIF"),
  },
});

const idOf = (c: Context<AppEnv>) => Number(parseWith(settingsIdParamsSchema, { id: c.req.param("id") }).id);

export function adminSettingsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, readRulesOperation, async (c) => c.json(await getStoreRules(c.var.deps.db, c.var.storeId)));
  register(routes, changeRulesOperation, async (c) => {
    const rules = await bodyOf(c, changeRulesOperation);
    return c.json(await changeStoreRules(c.var.deps.db, c.var.staffActor, rules));
  });

  register(routes, listShippingOperation, async (c) => c.json({ shipping_options: await listShippingOptionRecords(c.var.deps.db, c.var.storeId) }));
  register(routes, createShippingOperation, async (c) => {
    const input = await bodyOf(c, createShippingOperation);
    return c.json({ shipping_option: await createShippingOption(c.var.deps.db, c.var.staffActor, input) }, 201);
  });
  register(routes, updateShippingOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateShippingOperation);
    return c.json({ shipping_option: await updateShippingOption(c.var.deps.db, c.var.staffActor, id, input) });
  });
  register(routes, deleteShippingOperation, async (c) => {
    await deleteShippingOption(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  register(routes, listTaxOperation, async (c) => c.json({ tax_rates: await listTaxRateRecords(c.var.deps.db, c.var.storeId) }));
  register(routes, createTaxOperation, async (c) => {
    const input = await bodyOf(c, createTaxOperation);
    return c.json({ tax_rate: await createTaxRate(c.var.deps.db, c.var.staffActor, input) }, 201);
  });
  register(routes, updateTaxOperation, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, updateTaxOperation);
    return c.json({ tax_rate: await updateTaxRate(c.var.deps.db, c.var.staffActor, id, input) });
  });
  register(routes, deleteTaxOperation, async (c) => {
    await deleteTaxRate(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  register(routes, readLooksOperation, async (c) => c.json(await getStoreLooks(c.var.deps.db, c.var.storeId)));
  register(routes, changeLooksOperation, async (c) => {
    const change = await bodyOf(c, changeLooksOperation);
    return c.json(await changeStoreLooks(c.var.deps.db, c.var.staffActor, change));
  });
  register(routes, uploadLogoOperation, async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "Send the logo as a multipart form");
    }
    const { files, altText } = readUploadForm(form);
    if (files.length > 1) throw new HttpError(400, "Send one logo", "file");
    return c.json(await uploadLogo(c.var.deps, c.var.staffActor, files[0], altText.trim() || undefined), 201);
  });

  return routes;
}
