import { draftProductChoices, draftShippingChoices } from "../../server/drafts/drafts";
import type { Database } from "../../server/db/client";

export { deleteDraft, getDraft, listDrafts, markPaid, sendInvoice } from "../../server/drafts/drafts";
export { getDeskCustomer, listDeskCustomers } from "../../server/customers/desk";
export { draftFormAction } from "./admin.drafts.form.server";
export { draftMarkPaidSchema } from "@core/schemas/admin-drafts";
export { formFailure, formValues, foundOrNotFound, HttpError, recordIdOf, requireStaffPage } from "./admin.server";

/** What the draft form offers: the variants the shop sells, and its shipping options. */
export async function draftFormChoices(db: Database, storeId: string) {
  const [products, shippingOptions] = await Promise.all([draftProductChoices(db, storeId), draftShippingChoices(db, storeId)]);
  return { products, shippingOptions };
}
