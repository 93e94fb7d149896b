/**
 * `npm run shop -- drafts list`: the draft orders staff built (server/drafts/), newest first, each with its customer,
 * total and where it stands: open, its payment link sent, or paid and the order it became. Building and paying one
 * is done on /admin/drafts or through /api/admin/drafts.
 */
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import { draftName } from "../../core/drafts";
import { listDrafts, type DraftSummary } from "../drafts/drafts";
import { CommandUsageError } from "./usage-error";

export const DRAFTS_USAGE = ["Usage: npm run shop -- drafts <command>", "  list          draft orders, newest first"].join("\n");

const STANDING: Record<DraftSummary["status"], (draft: DraftSummary) => string> = {
  open: () => "open",
  invoice_sent: () => "invoice sent",
  paid: (draft) => `paid → order #${draft.orderNumber}`,
};

export async function draftsCommand(deps: AppDeps, storeId: string, [subcommand, ...rest]: string[]): Promise<string> {
  if (subcommand !== "list" || rest.length > 0) throw new CommandUsageError(DRAFTS_USAGE);
  const drafts = await listDrafts(deps.db, storeId);
  if (drafts.length === 0) return "No draft orders yet.";
  return drafts
    .map((draft) => `${draftName(draft.id).padEnd(10)}  ${STANDING[draft.status](draft).padEnd(22)}  ${formatMoney(draft.totalCents).padStart(9)}  ${draft.customerName} <${draft.email}>`)
    .join("\n");
}
