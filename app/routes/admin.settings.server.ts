/**
 * The store settings screens' server side: Store settings (name, contact email, checkout, minimum order, reminder delay), Shipping,
 * Taxes (permission `settings`) and Theme (permission `content`). Each form posts whole and is saved by the function
 * the admin API calls (server/store/rules.ts); a refusal comes back beside the field it names, with what was typed.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import type { Permission } from "@core/staff-roles";
import {
  shippingOptionInputSchema,
  themeDraftSchema,
  storeRulesSchema,
  taxClassInputSchema,
  taxRateInputSchema,
  type ShippingOptionInput,
  type TaxRateInput,
} from "@core/schemas/admin-settings";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { SETTINGS_NOTICES, THEME_FIELDS, type SettingsNotice } from "~/components/admin/settings-form";
import { readUploadForm } from "../../server/images/picture-intake";
import {
  changeStoreRules,
  createShippingOption,
  createTaxClass,
  createTaxRate,
  createTaxRates,
  deleteShippingOption,
  deleteTaxClass,
  deleteTaxRate,
  updateShippingOption,
  updateTaxRate,
} from "../../server/store/rules";
import { uploadLogo } from "../../server/looks/looks";
import { discardThemeDraft, getThemeDraft, publishThemeDraft, saveThemeDraft } from "../../server/looks/theme-draft";
import { themePreviewCookie } from "../../server/http/cookies";
import { THEME_PATH } from "~/lib/theme-preview";
import { sendTestEmail } from "../../server/store/mail";
import type { AuditActor } from "../../server/audit/audit";
import { formFailure, requireStaffPage } from "./admin.server";
import { isRefusal } from "@core/errors";
import { chosenStates, CLASS_FORM, classRateField, collectFields } from "@core/us-sales-tax";

export { timeZoneNames } from "@core/shop-dates";
export { getStoreRules, listShippingOptionRecords, listTaxClasses, listTaxRateRecords } from "../../server/store/rules";
export { getStoreLooks } from "../../server/looks/looks";
export { getThemeDraft };
export { mailStatus } from "../../server/store/mail";
export { hasDemoContent } from "../../server/demo/demo-content";
export { requireStaffPage } from "./admin.server";

type Problems = { error: string; field?: string }[];

/** A settings screen's loader: what it shows, and the notice its last save left; the member needs `permission`. */
export async function settingsScreen<Shown extends object>(
  context: AppLoadContext,
  request: Request,
  permission: Permission,
  read: (db: AppLoadContext["db"], storeId: string) => Promise<Shown>,
) {
  await requireStaffPage(context, request, permission);
  return { ...(await read(context.db, context.storeId)), notice: SETTINGS_NOTICES.of(new URL(request.url)) };
}

export const saved = (path: string, notice: SettingsNotice) => redirect(SETTINGS_NOTICES.onto(path, notice), { headers: ADMIN_PAGE_HEADERS });

export const refused = (errors: Problems, status: number, values: Record<string, string>, id: string | null = null) =>
  data({ errors, values, id }, { status, headers: ADMIN_PAGE_HEADERS });

export const valuesOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** A zod refusal as the form shows it: each field once, by the form's name for it. */
export function problemsOf(error: z.ZodError, fieldNames: Record<string, string> = {}): Problems {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const path = issue.path.join(".");
    const field = fieldNames[path] ?? path;
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ error: issue.message, field }];
  });
}

/** Dollars as typed in cents; blank is `blank`; anything else NaN, which the schema refuses. */
function centsOf(text: string | undefined, blank: number | null): number | null {
  return typedDollarsToCents(text) ?? blank;
}

/** Each money field typed as something that is not an amount, refused beside it. */
function amountProblems(values: Record<string, string>, fields: string[]): Problems {
  return fields
    .filter((field) => Number.isNaN(centsOf(values[field], 0)))
    .map((field) => ({ error: TYPED_DOLLARS_MESSAGE, field }));
}

/** A save's refusal by the rules (a 400 naming a field, a 409) kept beside the form; anything else as formFailure says. */
export function refusalOf(error: unknown, values: Record<string, string>, id: string | null = null) {
  if (isRefusal(error, "not-found")) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  const failure = formFailure(error, {}, "The settings could not be saved; please try again in a moment");
  return refused(failure.errors, failure.status, values, id);
}

// ---------------------------------------------------------------- store settings

export const STORE_PATH = "/admin/settings";

/** A whole number as typed; anything else is NaN, which the schema refuses beside the field. Absent keeps the setting. */
const wholeNumberOf = (typed: string | undefined) => (typed === undefined ? undefined : Number(typed.trim() || Number.NaN));

/**
 * Store settings' one action: the member's gate, the form read once, then its intent: a test email to the member who
 * asked (what became of it said after the redirect), or the store's rules.
 */
export async function storeSettingsAction(context: AppLoadContext, request: Request) {
  const { actor, member } = await requireStaffPage(context, request, "settings");
  const values = valuesOf(await request.formData());
  if (values.intent === "test-email") return saved(STORE_PATH, `test-email-${await sendTestEmail(context, context.storeId, member.email)}`);
  return storeRulesAction(context, actor, values);
}

async function storeRulesAction(context: AppLoadContext, actor: AuditActor, values: Record<string, string>) {
  const notAmounts = amountProblems(values, ["minimum_order"]);
  if (notAmounts.length > 0) return refused(notAmounts, 400, values);
  const parsed = storeRulesSchema.safeParse({
    website_title: values.website_title ?? "",
    contact_email: values.contact_email?.trim() ? values.contact_email.trim() : null,
    time_zone: values.time_zone,
    checkout_enabled: values.checkout_enabled === "on",
    minimum_order_cents: centsOf(values.minimum_order, 0),
    // Whole minutes as typed; anything else is NaN, which the schema refuses beside the field. Absent keeps it.
    cart_reminder_delay_minutes: wholeNumberOf(values.reminder_delay),
    subscription_reminder_days: wholeNumberOf(values.renewal_reminder),
    return_window_days: wholeNumberOf(values.return_window),
    legal_name: values.legal_name,
    legal_address: values.legal_address?.replace(/\r\n/g, "\n"),
    tax_id: values.tax_id,
  });
  const fieldNames = {
    minimum_order_cents: "minimum_order",
    cart_reminder_delay_minutes: "reminder_delay",
    subscription_reminder_days: "renewal_reminder",
    return_window_days: "return_window",
  };
  if (!parsed.success) return refused(problemsOf(parsed.error, fieldNames), 400, values);
  try {
    await changeStoreRules(context.db, actor, parsed.data);
  } catch (error) {
    return refusalOf(error, values);
  }
  return saved(STORE_PATH, "saved");
}

// ---------------------------------------------------------------- shipping

export const SHIPPING_PATH = "/admin/shipping";

export const formId = (values: Record<string, string>) => (/^[1-9]\d{0,8}$/.test(values.id ?? "") ? Number(values.id) : null);

/**
 * A shipping option's or tax rate's form: its delete button, or the fields read into the input (or their problems)
 * and saved as a new row or over the one it names; then back to the list with what was done.
 */
async function ruleRowAction<Input>(
  context: AppLoadContext,
  request: Request,
  values: Record<string, string>,
  path: string,
  rows: {
    read(values: Record<string, string>): { input: Input } | { problems: Problems };
    create(actor: AuditActor, input: Input): Promise<unknown>;
    update(actor: AuditActor, id: number, input: Input): Promise<unknown>;
    remove(actor: AuditActor, id: number): Promise<unknown>;
  },
) {
  const { actor } = await requireStaffPage(context, request, "settings");
  const id = formId(values);
  try {
    if (values.intent === "delete" && id !== null) {
      await rows.remove(actor, id);
      return saved(path, "deleted");
    }
    const read = rows.read(values);
    if ("problems" in read) return refused(read.problems, 400, values, values.id ?? "new");
    if (id === null) await rows.create(actor, read.input);
    else await rows.update(actor, id, read.input);
    return saved(path, id === null ? "added" : "saved");
  } catch (error) {
    return refusalOf(error, values, values.id ?? "new");
  }
}

export const shippingAction = async (context: AppLoadContext, request: Request) =>
  ruleRowAction<ShippingOptionInput>(context, request, valuesOf(await request.formData()), SHIPPING_PATH, {
    read(values) {
      const notAmounts = amountProblems(values, ["price", "free_shipping_threshold"]);
      if (notAmounts.length > 0) return { problems: notAmounts };
      const parsed = shippingOptionInputSchema.safeParse({
        name: values.name ?? "",
        details: values.details ?? "",
        price_cents: centsOf(values.price, Number.NaN),
        free_shipping_threshold_cents: centsOf(values.free_shipping_threshold, null),
      });
      const fieldNames = { price_cents: "price", free_shipping_threshold_cents: "free_shipping_threshold" };
      return parsed.success ? { input: parsed.data } : { problems: problemsOf(parsed.error, fieldNames) };
    },
    create: (actor, input) => createShippingOption(context.db, actor, input),
    update: (actor, id, input) => updateShippingOption(context.db, actor, id, input),
    remove: (actor, id) => deleteShippingOption(context.db, actor, id),
  });

// ---------------------------------------------------------------- taxes

export const TAXES_PATH = "/admin/taxes";

/** A percentage as typed ("7.25", "7.25 %") in basis points; anything else NaN, which the schema refuses. */
function basisPointsOf(text: string | undefined): number {
  const trimmed = (text ?? "").trim().replace(/\s*%$/, "");
  return /^\d{1,2}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

/**
 * "Where do you collect sales tax?" saved: each chosen state at the rate the owner left or typed (the screen suggests
 * the state's base rate), all or none; a refusal names the state's rate field.
 */
async function collectAction(context: AppLoadContext, request: Request, values: Record<string, string>) {
  const { actor } = await requireStaffPage(context, request, "settings");
  const regions = chosenStates(Object.keys(values).flatMap((name) => /^rate_([A-Z]{2})$/.exec(name)?.[1] ?? []));
  if (regions.length === 0) return refused([{ error: "Choose at least one state" }], 400, values, "collect");
  const inputs: TaxRateInput[] = [];
  const problems: Problems = [];
  for (const { region } of regions) {
    const fields = collectFields(region);
    const parsed = taxRateInputSchema.safeParse({
      country: "US",
      region,
      rate_basis_points: basisPointsOf(values[fields.rate]),
      taxes_shipping: values[fields.shipping] === "on",
    });
    if (parsed.success) inputs.push(parsed.data);
    else problems.push(...problemsOf(parsed.error, { rate_basis_points: fields.rate }));
  }
  if (problems.length > 0) return refused(problems, 400, values, "collect");
  try {
    await createTaxRates(context.db, actor, inputs);
    return saved(TAXES_PATH, "added");
  } catch (error) {
    return refusalOf(error, values, "collect");
  }
}

/** A tax class named, or one no product is in deleted, by the function the admin API's /tax-classes call. */
async function taxClassAction(context: AppLoadContext, request: Request, values: Record<string, string>) {
  const { actor } = await requireStaffPage(context, request, "settings");
  try {
    if (values.intent === "delete-class") {
      await deleteTaxClass(context.db, actor, values.key ?? "");
      return saved(TAXES_PATH, "deleted");
    }
    const parsed = taxClassInputSchema.safeParse({ name: values.name ?? "" });
    if (!parsed.success) return refused(problemsOf(parsed.error), 400, values, CLASS_FORM);
    await createTaxClass(context.db, actor, parsed.data);
    return saved(TAXES_PATH, "added");
  } catch (error) {
    return refusalOf(error, values, CLASS_FORM);
  }
}

export const taxAction = async (context: AppLoadContext, request: Request) => {
  const values = valuesOf(await request.formData());
  if (values.intent === "collect") return collectAction(context, request, values);
  if (values.intent === "add-class" || values.intent === "delete-class") return taxClassAction(context, request, values);
  return taxRowAction(context, request, values);
};

/** The rate form's class fields (`class_reduced`) as class rates, blank ones left out: taxed at the standard rate. */
function classRatesOf(values: Record<string, string>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, typed]) => {
      const key = /^class_(.+)$/.exec(name)?.[1];
      return key === undefined || typed.trim() === "" ? [] : [[key, basisPointsOf(typed)]];
    }),
  );
}

const taxRowAction = (context: AppLoadContext, request: Request, values: Record<string, string>) =>
  ruleRowAction<TaxRateInput>(context, request, values, TAXES_PATH, {
    read(values) {
      const classRates = classRatesOf(values);
      const parsed = taxRateInputSchema.safeParse({
        country: values.country ?? "",
        region: values.region ?? "",
        rate_basis_points: basisPointsOf(values.rate),
        taxes_shipping: values.taxes_shipping === "on",
        class_rates: classRates,
      });
      const fieldNames = Object.fromEntries([["rate_basis_points", "rate"], ...Object.keys(classRates).map((key) => [`class_rates.${key}`, classRateField(key)])]);
      return parsed.success ? { input: parsed.data } : { problems: problemsOf(parsed.error, fieldNames) };
    },
    create: (actor, input) => createTaxRate(context.db, actor, input),
    update: (actor, id, input) => updateTaxRate(context.db, actor, id, input),
    remove: (actor, id) => deleteTaxRate(context.db, actor, id),
  });

// ---------------------------------------------------------------- theme

/** The posted fields as the nested change the looks take ("styles.colors.primary" into styles.colors.primary). */
function looksChangeOf(values: Record<string, string>): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const name of THEME_FIELDS) {
    const value = values[name];
    if (value === undefined) continue;
    const keys = name.split(".");
    let at = change;
    for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[keys[keys.length - 1]] = name === "callout.text" ? value : value.trim();
  }
  return change;
}

/**
 * The theme form saves a draft the shop does not show shoppers; *Publish* makes it live (audited) and *Discard*
 * drops it, each ending any preview the member had open. A logo is stored and shown at once.
 */
export async function themeAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "content");
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    if (values.intent === "logo") {
      const { files, altText } = readUploadForm(form);
      await uploadLogo(context, actor, files[0], altText.trim() || undefined);
      return saved(THEME_PATH, "logo-saved");
    }
    if (values.intent === "publish" || values.intent === "discard") {
      if (values.intent === "publish") await publishThemeDraft(context.db, actor);
      else await discardThemeDraft(context.db, actor);
      return redirect(SETTINGS_NOTICES.onto(THEME_PATH, values.intent === "publish" ? "published" : "discarded"), {
        headers: { ...ADMIN_PAGE_HEADERS, "Set-Cookie": themePreviewCookie(context.config, false) },
      });
    }
    const parsed = themeDraftSchema.safeParse(looksChangeOf(values));
    if (!parsed.success) return refused(problemsOf(parsed.error), 400, values);
    await saveThemeDraft(context.db, actor, parsed.data);
    return saved(THEME_PATH, "draft-saved");
  } catch (error) {
    return refusalOf(error, values);
  }
}

/** The theme screen's preview link: the shop with the draft for this member (the preview cookie), or back without it. */
export async function themePreviewLoader(context: AppLoadContext, request: Request) {
  await requireStaffPage(context, request, "content");
  const end = new URL(request.url).searchParams.has("end");
  return redirect(end ? THEME_PATH : "/", { headers: { ...ADMIN_PAGE_HEADERS, "Set-Cookie": themePreviewCookie(context.config, !end) } });
}
