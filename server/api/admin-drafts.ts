/**
 * Draft orders (permission `orders`, as the orders desk): list and build them, change them, delete one nobody has
 * paid, email the customer its payment link, or mark it paid another way. Each is the server/drafts function the
 * back office's screens call, with the staff actor for the audit trail; each answers the draft as it now is.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import {
  draftAnswerSchema,
  draftCreateSchema,
  draftIdParamsSchema,
  draftListSchema,
  draftMarkPaidSchema,
  draftUpdateSchema,
} from "../../core/schemas/admin-drafts";
import type { AppEnv } from "../context";
import { createDraft, deleteDraft, getDraft, listDrafts, markPaid, sendInvoice, updateDraft, type DraftInput, type DraftSummary } from "../drafts/drafts";
import { DELETED, iso, resourceOperations } from "./admin-operation";
import { bodyOf, json, jsonBody, numberParam, register } from "./operation";

const NOT_FOUND = "No draft order with this id in this store";
const PAID = "The draft is paid already: it is an order now";

const all = resourceOperations("orders", { path: "/drafts", answer: json(draftListSchema, "Every draft order, newest first") });
const one = resourceOperations("orders", { path: "/drafts/{id}", params: draftIdParamsSchema, notFound: NOT_FOUND, answer: json(draftAnswerSchema, "The draft order") });

const list = all.get({ summary: "Draft orders, newest first: open, invoice sent, or paid with the order each became" });
const create = all.post({
  summary: "Build an order for a customer: lines (a unit price per line may replace the catalogue's), a discount, the address and shipping; priced by the checkout's quote, holding no stock",
  body: jsonBody(draftCreateSchema),
  answers: { 201: json(draftAnswerSchema, "The draft order") },
  refusals: { 400: "Invalid input, or a sku the shop does not sell, an unknown shipping option or code; the message names the field" },
});
const read = one.get({ summary: "A draft order: its lines with staff's and the catalogue's prices, totals, payment link and timeline" });
const update = one.patch({
  summary: "Change a draft: only what is sent changes (lines, when sent, replace its lines); repriced by the quote, and a payment link already sent is cancelled",
  body: jsonBody(draftUpdateSchema),
  refusals: { 409: PAID },
});
const remove = one.delete({ summary: "Delete a draft nobody has paid; a card payment its link started is cancelled", answers: DELETED, refusals: { 409: PAID } });
const send = one.post({
  path: "/send-invoice",
  summary: "Email the customer a payment link for the draft's total (replacing any link sent before); paying it makes the draft an order",
  refusals: { 409: PAID },
});
const pay = one.post({
  path: "/mark-paid",
  summary: "Mark the draft paid another way (cash, bank transfer, other) with a note: it becomes an order, holding its stock",
  body: jsonBody(draftMarkPaidSchema),
  refusals: { 409: PAID },
});

const idOf = numberParam(draftIdParamsSchema, "id");

type CreateBody = z.infer<typeof draftCreateSchema>;

/** The API's snake_case draft as the use cases take it; only what was sent. */
function inputOf(body: Partial<CreateBody>): Partial<DraftInput> {
  const input: Partial<DraftInput> = {};
  if (body.email !== undefined) input.email = body.email;
  if (body.customer_name !== undefined) input.customerName = body.customer_name;
  if (body.shipping_address !== undefined) input.address = body.shipping_address;
  if (body.shipping_option !== undefined) input.shippingOptionKey = body.shipping_option;
  if (body.shipping_cents_override !== undefined) input.shippingCentsOverride = body.shipping_cents_override;
  if (body.lines !== undefined) input.lines = body.lines.map((line) => ({ sku: line.sku, quantity: line.quantity, unitPriceCents: line.unit_price_cents ?? null }));
  if (body.discount !== undefined) {
    const discount = body.discount;
    input.discount =
      discount === null
        ? null
        : discount.kind === "code"
          ? discount
          : discount.kind === "amount"
            ? { kind: "amount", amountCents: discount.amount_cents }
            : { kind: "percent", percent: discount.percent };
  }
  return input;
}

const summaryBody = (draft: DraftSummary) => ({
  id: draft.id,
  status: draft.status,
  email: draft.email,
  customer_name: draft.customerName,
  total_cents: draft.totalCents,
  order_number: draft.orderNumber,
  created_at: iso(draft.createdAt),
});

async function draftBody(c: Context<AppEnv>, id: number): Promise<z.infer<typeof draftAnswerSchema>> {
  const { summary, order, input, lines, link, timeline } = await getDraft(c.var.deps, c.var.deps.storeId, id);
  const discount = input.discount;
  return {
    draft: {
      ...summaryBody(summary),
      lines: lines.map((line) => ({
        sku: line.sku ?? "",
        title: line.title,
        options: line.words.options,
        quantity: line.quantity,
        catalogue_unit_price_cents: line.cataloguePriceCents,
        unit_price_cents: line.unitPriceCents,
        price_overridden: line.priceOverridden,
        line_total_cents: line.lineTotalCents,
      })),
      discount:
        discount === null
          ? null
          : discount.kind === "code"
            ? discount
            : discount.kind === "amount"
              ? { kind: "amount", amount_cents: discount.amountCents }
              : discount,
      shipping_address: { ...order.shippingAddress, line2: order.shippingAddress.line2 ?? null },
      shipping_option: order.shippingOptionKey,
      shipping_cents_override: input.shippingCentsOverride,
      totals: {
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        shipping_cents: order.shippingCents,
        tax_cents: order.taxCents,
        total_cents: order.totalCents,
      },
      payment_link: link ? { amount_cents: link.amountCents, sent_at: iso(link.createdAt) } : null,
      timeline: timeline.map((entry) => ({ at: iso(entry.at), text: entry.text })),
    },
  };
}

export function adminDraftsRoutes() {
  const admin = new OpenAPIHono<AppEnv>();

  register(admin, list, async (c) => c.json({ drafts: (await listDrafts(c.var.deps.db, c.var.deps.storeId)).map(summaryBody) }));

  register(admin, create, async (c) => {
    const body = await bodyOf(c, create);
    const order = await createDraft(c.var.deps, c.var.deps.storeId, c.var.staffActor, { shippingCentsOverride: null, discount: null, ...inputOf(body) } as DraftInput);
    return c.json(await draftBody(c, order.id), 201);
  });

  register(admin, read, async (c) => c.json(await draftBody(c, idOf(c))));

  register(admin, update, async (c) => {
    const id = idOf(c);
    await updateDraft(c.var.deps, c.var.deps.storeId, c.var.staffActor, id, inputOf(await bodyOf(c, update)));
    return c.json(await draftBody(c, id));
  });

  register(admin, remove, async (c) => {
    await deleteDraft(c.var.deps, c.var.deps.storeId, c.var.staffActor, idOf(c));
    return c.json({ success: true as const });
  });

  register(admin, send, async (c) => {
    const id = idOf(c);
    await sendInvoice(c.var.deps, c.var.deps.storeId, c.var.staffActor, id);
    return c.json(await draftBody(c, id));
  });

  register(admin, pay, async (c) => {
    const id = idOf(c);
    await markPaid(c.var.deps, c.var.deps.storeId, c.var.staffActor, id, await bodyOf(c, pay));
    return c.json(await draftBody(c, id));
  });

  return admin;
}
