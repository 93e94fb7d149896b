/**
 * The catalogue's writes that may raise stock, as the back office, the admin API and the owner's command make them:
 * each owns its transaction and then asks for the back-in-stock alerts the write may now owe (the minute's sweep
 * catches any it misses). A face only parses, calls and answers.
 */
import type { ProductInput } from "../../core/schemas/admin-catalogue";
import type { BulkEditRequest } from "../../core/schemas/admin-inventory";
import type { AppDeps } from "../context";
import type { AuditActor } from "../audit/audit";
import { applyBulkEdit } from "./bulk-edit";
import { productWriteConflict, saveProduct, type SaveProductTarget } from "./product-editor";
import { recordStockChange, type StaffStockChange } from "./stock";
import { askToSendStockAlerts } from "./stock-alerts";

/** A product created or changed whole; a handle or SKU taken meanwhile is the field's conflict. */
export async function saveProductAndAlert(deps: AppDeps, actor: AuditActor, input: ProductInput, target: SaveProductTarget) {
  const saved = await productWriteConflict(deps.db.transaction((tx) => saveProduct(tx, actor, input, target)));
  // A changed product's variant may have been raised from zero; a new one has nobody waiting.
  if (!saved.created) await askToSendStockAlerts(deps);
  return saved;
}

/** One variant's stock changed by staff, with its reason and its line in the audit trail. */
export async function changeStockAndAlert(deps: AppDeps, actor: AuditActor, change: StaffStockChange) {
  const done = await deps.db.transaction((tx) => recordStockChange(tx, actor, change));
  if (done.delta > 0) await askToSendStockAlerts(deps);
  return done;
}

/** A bulk edit applied whole, or refused whole. */
export async function applyBulkEditAndAlert(deps: AppDeps, actor: AuditActor, request: BulkEditRequest) {
  const applied = await applyBulkEdit(deps.db, actor, request);
  await askToSendStockAlerts(deps);
  return applied;
}
