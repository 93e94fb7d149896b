/**
 * The draft order screens' form (new and edit): what staff typed, read into the API's own schema (draftCreateSchema)
 * so the page and /api/admin/drafts refuse the same input in the same words, then handed to server/drafts. Prices are
 * typed in dollars and kept in cents; a line row left without a product is no line.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { badInput } from "@core/errors";
import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import { draftCreateSchema } from "@core/schemas/admin-drafts";
import { createDraft, updateDraft, type DraftInput } from "../../server/drafts/drafts";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { DRAFT_NOTICES } from "~/components/admin/draft-notices";
import { formFailure, requireStaffPage } from "./admin.server";

/** The most line rows one form holds: the lines a draft can have. */
const MAX_ROWS = 19;

function dollars(typed: string, field: string): number | null {
  const cents = typedDollarsToCents(typed);
  if (cents !== null && (Number.isNaN(cents) || cents < 0)) throw badInput(TYPED_DOLLARS_MESSAGE, field);
  return cents;
}

/**
 * The draft the form describes. `removed` is the row a Remove button named; each kept line remembers its row, so a
 * refusal of the second line kept names the row staff see it in.
 */
function draftOfForm(form: FormData, removed: number | null, rowOf: number[]): DraftInput {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const lines = [];
  for (let row = 0; row < MAX_ROWS; row++) {
    const sku = text(`lines.${row}.sku`);
    if (sku === "" || row === removed) continue;
    rowOf.push(row);
    const quantity = text(`lines.${row}.quantity`);
    lines.push({
      sku,
      quantity: quantity === "" ? 1 : Number(quantity),
      unit_price_cents: dollars(text(`lines.${row}.price`), `lines.${row}.price`),
    });
  }
  const kind = text("discount_kind");
  const value = text("discount_value");
  const discount =
    kind === "code"
      ? { kind, code: value }
      : kind === "amount"
        ? { kind, amount_cents: dollars(value, "discount_value") ?? 0 }
        : kind === "percent"
          ? { kind, percent: Number(value) }
          : null;
  const parsed = draftCreateSchema.parse({
    email: text("email"),
    customer_name: text("customer_name"),
    shipping_address: {
      name: text("customer_name"),
      line1: text("shipping_address.line1"),
      line2: text("shipping_address.line2") || null,
      city: text("shipping_address.city"),
      state: text("shipping_address.state"),
      postal_code: text("shipping_address.postal_code"),
      country: text("shipping_address.country") || "US",
    },
    shipping_option: text("shipping_option"),
    shipping_cents_override: dollars(text("shipping_price"), "shipping_price"),
    lines,
    discount,
  });
  return {
    email: parsed.email,
    customerName: parsed.customer_name,
    address: parsed.shipping_address,
    shippingOptionKey: parsed.shipping_option,
    shippingCentsOverride: parsed.shipping_cents_override ?? null,
    lines: parsed.lines.map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents ?? null,
    })),
    discount:
      parsed.discount == null
        ? null
        : parsed.discount.kind === "code"
          ? parsed.discount
          : parsed.discount.kind === "amount"
            ? { kind: "amount", amountCents: parsed.discount.amount_cents }
            : parsed.discount,
  };
}

/** A refusal's field as the form names it: a kept line's index is its row's, a discount's part is the discount's value. */
function formField(field: string | undefined, rowOf: number[]): string | undefined {
  if (!field) return field;
  const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (line) return `lines.${rowOf[Number(line[1])] ?? line[1]}.${line[2] === "unit_price_cents" ? "price" : line[2]}`;
  if (field.startsWith("discount")) return "discount_value";
  if (field === "shipping_cents_override") return "shipping_price";
  if (field === "name") return "customer_name";
  return field;
}

/**
 * Saves the form as a new draft (`id` null) or over draft `id`, and goes to the draft, where the server's totals show.
 * A refusal comes back with what was typed and each message beside its field.
 */
export async function draftFormAction(context: AppLoadContext, request: Request, id: number | null) {
  const { actor } = await requireStaffPage(context, request, "orders");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const removed = intent.startsWith("remove-") ? Number(intent.slice("remove-".length)) : null;
  const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
  const rowOf: number[] = [];
  try {
    const input = draftOfForm(form, removed, rowOf);
    const order =
      id === null ? await createDraft(context, context.storeId, actor, input) : await updateDraft(context, context.storeId, actor, id, input);
    return redirect(DRAFT_NOTICES.onto(`/admin/drafts/${order.id}`, id === null ? "draft-created" : "draft-saved"));
  } catch (error) {
    const failure = formFailure(error, values, "The draft could not be saved; please try again in a moment");
    const errors = failure.errors.map((body) => ({
      ...body,
      field: formField(body.field, rowOf),
    }));
    return data({ ...failure, errors, intent: "save" }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}
