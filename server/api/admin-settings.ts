/**
 * The store's rules (permission `settings`): name, contact email, checkout on or off, minimum order, shipping
 * options, tax rates and tax classes; and its looks (permission `content`): callout, colours, fonts, buttons, logo, navigation,
 * footer and social links. Each write is
 * the server/store/rules.ts function the admin screens call, with the staff actor for the audit trail. A looks change
 * is merged onto the current looks and refused (400, naming the setting) when the shop could not read it or a colour
 * pair's contrast falls below 4.5:1.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import {
  logoUploadSchema,
  settingsIdParamsSchema,
  shippingOptionAnswerSchema,
  shippingOptionInputSchema,
  shippingOptionListSchema,
  storeLooksChangeSchema,
  themeDraftAnswerSchema,
  themeDraftSchema,
  storeLooksSchema,
  storeRulesSchema,
  taxClassAnswerSchema,
  taxClassInputSchema,
  taxClassKeyParamsSchema,
  taxClassListSchema,
  taxRateAnswerSchema,
  taxRateInputSchema,
  taxRateListSchema,
  type ShippingOptionInput,
  type TaxRateInput,
} from "../../core/schemas/admin-settings";
import type { AuditActor } from "../audit/audit";
import type { AppEnv } from "../context";
import type { Database } from "../db/client";
import {
  BUILT_IN_TAX_CLASS,
  changeStoreRules,
  createShippingOption,
  createTaxClass,
  createTaxRate,
  deleteShippingOption,
  deleteTaxClass,
  deleteTaxRate,
  getStoreRules,
  LAST_SHIPPING_OPTION,
  listShippingOptionRecords,
  listTaxClasses,
  listTaxRateRecords,
  SHIPPING_OPTION_NOT_FOUND,
  TAX_CLASS_IN_USE,
  TAX_CLASS_NAME_TAKEN,
  TAX_CLASS_NOT_FOUND,
  TAX_RATE_NOT_FOUND,
  TAX_REGION_TAKEN,
  updateShippingOption,
  updateTaxRate,
  type ShippingOptionRecord,
  type TaxRateRecord,
} from "../store/rules";
import type { TaxClass } from "../../core/tax";
import { parseWith } from "../../core/errors";
import { changeStoreLooks, getStoreLooks, uploadLogo } from "../looks/looks";
import { discardThemeDraft, getThemeDraft, NO_DRAFT, publishThemeDraft, saveThemeDraft } from "../looks/theme-draft";
import { adminOperation, DELETED, onePictureOf, pictureRefusals, resourceOperations } from "./admin-operation";
import { BAD_INPUT, bodyOf, errors, formBody, json, jsonBody, numberParam, register } from "./operation";

const LOOKS_REFUSED = `${BAD_INPUT}; a colour pair below 4.5:1 contrast ("Contrast 2.0:1 is below 4.5:1 for …", field the colour); or a menu or footer link the change adds that leads to no page of the shop ("navbar.pages.3.route: /pages/gone leads to no page in the shop", field the link's route, or its query for a collection)`;

const onRules = resourceOperations("settings", { path: "/settings/rules", answer: json(storeRulesSchema, "The rules") });

const readRulesOperation = onRules.get({ summary: "The store's name, contact email, checkout on or off and minimum order" });

const changeRulesOperation = onRules.put({
  summary: "Replace the store's name, contact email (null: SHOP_OWNER_EMAIL), checkout on or off and minimum order",
  body: jsonBody(storeRulesSchema),
  answers: { 200: json(storeRulesSchema, "The rules as stored") },
});

const idOf = numberParam(settingsIdParamsSchema, "id");

/**
 * What the API says differently of shipping options and tax rates, edited alike: listed, added, replaced, deleted.
 * `one` and `many` are the answers' keys; the summaries and refusals are each operation's own.
 */
type RuleKind<I, R> = {
  path: "/shipping-options" | "/tax-rates";
  one: "shipping_option" | "tax_rate";
  many: "shipping_options" | "tax_rates";
  input: z.ZodType<I>;
  answer: z.ZodType;
  list: z.ZodType;
  /** How the answers describe one record and the list. */
  words: { one: string; every: string };
  notFound: string;
  summaries: { list: string; create: string; update: string; delete: string };
  refusals: { create?: Record<409, string>; update?: Record<409, string>; delete?: Record<409, string> };
  listRecords: (db: Database, storeId: string) => Promise<R[]>;
  create: (db: Database, actor: AuditActor, input: I) => Promise<R>;
  update: (db: Database, actor: AuditActor, id: number, input: I) => Promise<R>;
  remove: (db: Database, actor: AuditActor, id: number) => Promise<void>;
};

const SHIPPING_OPTIONS: RuleKind<ShippingOptionInput, ShippingOptionRecord> = {
  path: "/shipping-options",
  one: "shipping_option",
  many: "shipping_options",
  input: shippingOptionInputSchema,
  answer: shippingOptionAnswerSchema,
  list: shippingOptionListSchema,
  words: { one: "The option", every: "Every option" },
  notFound: SHIPPING_OPTION_NOT_FOUND,
  summaries: {
    list: "The shipping options checkout offers, in its order",
    create: "Add a shipping option, offered last",
    update: "Replace a shipping option's name, details, price and free-shipping threshold (its key stays)",
    delete: "Delete a shipping option; orders keep what they paid",
  },
  refusals: { delete: { 409: LAST_SHIPPING_OPTION } },
  listRecords: listShippingOptionRecords,
  create: createShippingOption,
  update: updateShippingOption,
  remove: deleteShippingOption,
};

const TAX_RATES: RuleKind<TaxRateInput, TaxRateRecord> = {
  path: "/tax-rates",
  one: "tax_rate",
  many: "tax_rates",
  input: taxRateInputSchema,
  answer: taxRateAnswerSchema,
  list: taxRateListSchema,
  words: { one: "The rate", every: "Every rate, by country and region" },
  notFound: TAX_RATE_NOT_FOUND,
  summaries: {
    list: "Tax rates by country and region (basis points: 725 is 7.25 %), whether each taxes shipping, and its rates for the tax classes",
    create: "Add a tax rate for a country and region (as a shipping address gives its state), with its rates for the tax classes",
    update: "Replace a tax rate; its class rates too when class_rates is given",
    delete: "Delete a tax rate; its region is then taxed at 0",
  },
  refusals: { create: { 409: TAX_REGION_TAKEN }, update: { 409: TAX_REGION_TAKEN } },
  listRecords: listTaxRateRecords,
  create: createTaxRate,
  update: updateTaxRate,
  remove: deleteTaxRate,
};

function registerRuleKind<I, R>(routes: OpenAPIHono<AppEnv>, kind: RuleKind<I, R>) {
  const { path, words, summaries, refusals } = kind;
  const all = resourceOperations("settings", { path, answer: json(kind.list, words.every) });
  const oneRecord = resourceOperations("settings", { path: `${path}/{id}`, params: settingsIdParamsSchema, notFound: kind.notFound, answer: json(kind.answer, words.one) });

  const list = all.get({ summary: summaries.list });
  const create = all.post({ summary: summaries.create, body: jsonBody(kind.input), answers: { 201: json(kind.answer, words.one) }, refusals: refusals.create });
  const update = oneRecord.put({ summary: summaries.update, body: jsonBody(kind.input), refusals: refusals.update });
  const remove = oneRecord.delete({ summary: summaries.delete, answers: DELETED, refusals: refusals.delete });

  register(routes, list, async (c) => c.json({ [kind.many]: await kind.listRecords(c.var.deps.db, c.var.deps.storeId) }));
  register(routes, create, async (c) => {
    const input = await bodyOf(c, create);
    return c.json({ [kind.one]: await kind.create(c.var.deps.db, c.var.staffActor, input) }, 201);
  });
  register(routes, update, async (c) => {
    const id = idOf(c);
    const input = await bodyOf(c, update);
    return c.json({ [kind.one]: await kind.update(c.var.deps.db, c.var.staffActor, id, input) });
  });
  register(routes, remove, async (c) => {
    await kind.remove(c.var.deps.db, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });
}

const taxClasses = resourceOperations("settings", { path: "/tax-classes", answer: json(taxClassListSchema, "Every class: the built-in ones, then the shop's") });
const listTaxClassesOperation = taxClasses.get({ summary: "The tax classes a product can be in: standard, reduced, exempt, and the ones the owner named" });
const createTaxClassOperation = taxClasses.post({
  summary: "Name a new tax class; its key is made from the name. Give it a rate per region with the tax rates' class_rates",
  body: jsonBody(taxClassInputSchema),
  answers: { 201: json(taxClassAnswerSchema, "The class") },
  refusals: { 409: TAX_CLASS_NAME_TAKEN },
});
const deleteTaxClassOperation = resourceOperations("settings", {
  path: "/tax-classes/{key}",
  params: taxClassKeyParamsSchema,
  notFound: TAX_CLASS_NOT_FOUND,
  answer: json(taxClassAnswerSchema, "The class"),
}).delete({
  summary: "Delete a class the owner named, with its rates in every region",
  answers: DELETED,
  refusals: { 409: `${BUILT_IN_TAX_CLASS}; or ${TAX_CLASS_IN_USE.toLowerCase()}` },
});

const taxClassBody = (taxClass: TaxClass) => ({ key: taxClass.key, name: taxClass.name, built_in: taxClass.builtIn });

const onLooks = resourceOperations("content", { path: "/settings/looks", answer: json(storeLooksSchema, "The looks") });

const readLooksOperation = onLooks.get({
  summary: "The callout, colours, fonts, buttons, logo, navigation, footer and social links the shop shows",
});

const changeLooksOperation = onLooks.patch({
  summary: "Change any part of the looks; what is left out stays, a list sent replaces the list. Fonts are one of the stacks the shop can show. styles.backgroundColor and styles.colors.background are one colour, the page background: either sets both",
  body: jsonBody(storeLooksChangeSchema),
  answers: { 200: json(storeLooksSchema, "The looks as stored") },
  refusals: { 400: LOOKS_REFUSED },
});

/**
 * The theme as a draft, as the theme screen keeps it (decision 0072) through the same functions: saved apart from the
 * live settings, previewed by staff on the shop, then published or discarded. PATCH /settings/looks still changes the
 * live looks at once (decision 0077).
 */
const onThemeDraft = resourceOperations("content", { path: "/settings/theme-draft", answer: json(themeDraftAnswerSchema, "The theme draft, null when none") });

const readThemeDraftOperation = onThemeDraft.get({ summary: "The theme draft staff preview on the shop before publishing it; null when there is none" });

const saveThemeDraftOperation = onThemeDraft.put({
  summary:
    "Save the theme draft (callout, colours, fonts, buttons) over any before it; shoppers keep the live theme. It is checked against the live looks as a PATCH is: the contrast pairs, one page background",
  body: jsonBody(themeDraftSchema),
  refusals: { 400: LOOKS_REFUSED },
});

const publishThemeDraftOperation = onThemeDraft.post({
  path: "/publish",
  summary: "Make the draft the live theme (checked again against the live looks, audited as theme.publish) and drop it",
  answers: { 200: json(storeLooksSchema, "The looks as stored") },
  refusals: { 400: LOOKS_REFUSED, 409: NO_DRAFT },
});

const discardThemeDraftOperation = onThemeDraft.delete({ summary: "Drop the theme draft; the live theme stays as it is", answers: DELETED });

const uploadLogoOperation = adminOperation("content", {
  method: "post",
  path: "/settings/logo",
  summary: "Upload a new logo (JPEG, PNG, WebP, AVIF; 20 MB), with alt_text for its description if it changes",
  request: { body: formBody(logoUploadSchema) },
  responses: {
    201: json(storeLooksSchema, "The looks with the new logo"),
    ...errors({ 400: `${BAD_INPUT}; or no picture sent` }),
    ...pictureRefusals(),
  },
});

export function adminSettingsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();

  register(routes, readRulesOperation, async (c) => c.json(await getStoreRules(c.var.deps.db, c.var.deps.storeId)));
  register(routes, changeRulesOperation, async (c) => {
    const rules = await bodyOf(c, changeRulesOperation);
    return c.json(await changeStoreRules(c.var.deps.db, c.var.staffActor, rules));
  });

  registerRuleKind(routes, SHIPPING_OPTIONS);
  registerRuleKind(routes, TAX_RATES);

  register(routes, listTaxClassesOperation, async (c) => c.json({ tax_classes: (await listTaxClasses(c.var.deps.db, c.var.deps.storeId)).map(taxClassBody) }));
  register(routes, createTaxClassOperation, async (c) => {
    const input = await bodyOf(c, createTaxClassOperation);
    return c.json({ tax_class: taxClassBody(await createTaxClass(c.var.deps.db, c.var.staffActor, input)) }, 201);
  });
  register(routes, deleteTaxClassOperation, async (c) => {
    await deleteTaxClass(c.var.deps.db, c.var.staffActor, parseWith(taxClassKeyParamsSchema, { key: c.req.param("key") }).key);
    return c.json({ success: true as const });
  });

  register(routes, readLooksOperation, async (c) => c.json(await getStoreLooks(c.var.deps.db, c.var.deps.storeId)));
  register(routes, changeLooksOperation, async (c) => {
    const change = await bodyOf(c, changeLooksOperation);
    return c.json(await changeStoreLooks(c.var.deps.db, c.var.staffActor, change));
  });
  register(routes, readThemeDraftOperation, async (c) => c.json({ draft: await getThemeDraft(c.var.deps.db, c.var.deps.storeId) }));
  register(routes, saveThemeDraftOperation, async (c) => {
    const draft = await bodyOf(c, saveThemeDraftOperation);
    await saveThemeDraft(c.var.deps.db, c.var.staffActor, draft);
    return c.json({ draft: await getThemeDraft(c.var.deps.db, c.var.deps.storeId) });
  });
  register(routes, publishThemeDraftOperation, async (c) => {
    await publishThemeDraft(c.var.deps.db, c.var.staffActor);
    return c.json(await getStoreLooks(c.var.deps.db, c.var.deps.storeId));
  });
  register(routes, discardThemeDraftOperation, async (c) => {
    await discardThemeDraft(c.var.deps.db, c.var.staffActor);
    return c.json({ success: true as const });
  });
  register(routes, uploadLogoOperation, async (c) => {
    const { picture, altText } = await onePictureOf(c, "logo");
    return c.json(await uploadLogo(c.var.deps, c.var.staffActor, picture, altText.trim() || undefined), 201);
  });

  return routes;
}
