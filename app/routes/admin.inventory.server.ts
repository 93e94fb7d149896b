import { stockChangeSchema } from "@core/schemas/admin-inventory";
import { changeStockAndAlert } from "../../server/catalog/catalogue-writes";
import type { AppDeps } from "../../server/context";
import { HttpError } from "../../server/http/errors";
import type { AuditActor } from "../../server/audit/audit";
import { STOCK_FORM_FIELDS } from "~/components/admin/stock-adjust-form";
import { formFailure, formValues } from "./admin.server";

export { inventoryItem, listInventory, stockHistory } from "../../server/catalog/stock";
export { askToSendStockAlerts, waitingStockAlertsByProduct, waitingStockAlertsByVariant } from "../../server/catalog/stock-alerts";
export { readList, requireStaffPage } from "./admin.server";

/** The API's fields as the form names them: an amount is a delta or a count, whichever the form chose. */
const FORM_FIELD_OF: Record<string, string> = { delta: "amount", set_to: "amount" };

/**
 * The stock form's post made as `actor`, through the API's schema and the same function: the amount read as a whole
 * number (+3, -2, 12), each refusal named beside the form's field.
 */
export async function adjustStockFromForm(context: AppDeps, actor: AuditActor, form: FormData) {
  const values = formValues(form, STOCK_FORM_FIELDS);
  const variantId = Number(form.get("variant_id"));
  try {
    if (!Number.isSafeInteger(variantId) || variantId <= 0) throw new HttpError(404, "Variant not found");
    const amount = values.amount.trim().replace(/^\+/, "");
    if (!/^-?\d{1,9}$/.test(amount)) throw new HttpError(400, "Enter a whole number, such as 10 or -3", "amount");
    const change = stockChangeSchema.parse({
      ...(values.mode === "set" ? { set_to: Number(amount) } : { delta: Number(amount) }),
      reason: values.reason,
      note: values.note,
    });
    const by = change.delta !== undefined ? { delta: change.delta } : { setTo: change.set_to! };
    await changeStockAndAlert(context, actor, { variantId, reason: change.reason, note: change.note, ...by });
    return { ok: true as const, variantId };
  } catch (error) {
    const failure = formFailure(error, values, "The stock could not be changed; please try again in a moment");
    const errors = failure.errors.map((body) => (body.field && FORM_FIELD_OF[body.field] ? { ...body, field: FORM_FIELD_OF[body.field] } : body));
    return { ...failure, errors, variantId };
  }
}
