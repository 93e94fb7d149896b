import { TYPED_DOLLARS_MESSAGE, typedDollarsToCents } from "@core/money";
import { bulkEditSchema, type BulkEditRequest } from "@core/schemas/admin-inventory";
import { HttpError } from "../../server/http/errors";

export { bulkTargets, previewBulkEdit } from "../../server/catalog/bulk-edit";
export { applyBulkEditAndAlert } from "../../server/catalog/catalogue-writes";
export { listCollectionChoices } from "../../server/catalog/product-editor";
export { formFailure, formValues, requireStaffPage } from "./admin.server";

type BulkField = "kind" | "price" | "percent" | "stock" | "delta" | "reason" | "status" | "collection";

/** The API's fields as the form names them, so each refusal lands beside its field. */
const FORM_FIELD_OF: Record<string, BulkField> = {
  "change.kind": "kind",
  "change.price_cents": "price",
  "change.percent": "percent",
  "change.stock": "stock",
  "change.delta": "delta",
  "change.reason": "reason",
  "change.status": "status",
  "change.collection_id": "collection",
};

export const formFieldOf = (field: string | undefined) => (field ? (FORM_FIELD_OF[field] ?? field) : field);

/** Ids as the address and the form carry them (`?product=3&product=5`); anything else is left out. */
export function idsOf(values: FormDataEntryValue[]): number[] {
  return values.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
}

const numberOrText = (value: string) => (/^[+-]?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value);

/** The form as the API's request, checked by the API's schema (a ZodError or an HttpError naming the form's field). */
export function bulkRequestOf(form: FormData, values: Record<BulkField, string>): BulkEditRequest {
  const kind = values.kind;
  const change = (() => {
    switch (kind) {
      case "price_set": {
        const cents = typedDollarsToCents(values.price);
        if (cents === null || Number.isNaN(cents)) throw new HttpError(400, TYPED_DOLLARS_MESSAGE, "price");
        return { kind, price_cents: cents };
      }
      case "price_percent":
        return { kind, percent: numberOrText(values.percent.replace(/%$/, "")) };
      case "stock_set":
        return { kind, stock: numberOrText(values.stock), reason: values.reason };
      case "stock_adjust":
        return { kind, delta: numberOrText(values.delta), reason: values.reason };
      case "status":
        return { kind, status: values.status };
      case "collection_add":
      case "collection_remove":
        return { kind, collection_id: numberOrText(values.collection) };
      default:
        throw new HttpError(400, "Choose the change to make", "kind");
    }
  })();
  return bulkEditSchema.parse({ variant_ids: idsOf(form.getAll("variant")), product_ids: idsOf(form.getAll("product")), change });
}
