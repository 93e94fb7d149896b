/**
 * The bundle and collection forms' one post, whose delete is the same for both; their saves differ in the form's
 * steps, so each answers its own.
 */
import { redirect, type AppLoadContext } from "react-router";
import { MERCHANDISING_NOTICES } from "~/components/admin/bundle-notices";
import type { AuditActor } from "../../server/audit/audit";
import type { LinksChoice } from "@core/navigation";
import { foundOrNotFound, linksChoiceOf, linksLeadHereAnswer, requireStaffPage } from "./admin.server";

/**
 * Delete (`id` null on the new screen, which has no delete), asking first what becomes of links to the record, or
 * else `save` the form; a record gone meanwhile is the 404 page.
 */
export async function deleteOrSave<Answer>(
  context: AppLoadContext,
  request: Request,
  noun: "bundle" | "collection",
  id: number | null,
  editor: { remove: (actor: AuditActor, id: number, links?: LinksChoice) => Promise<unknown>; save: (actor: AuditActor, form: FormData, intent: string) => Promise<Answer> },
) {
  const { actor } = await requireStaffPage(context, request, "catalogue");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent === "delete" && id !== null) {
    try {
      await foundOrNotFound(editor.remove(actor, id, linksChoiceOf(form)));
    } catch (error) {
      return linksLeadHereAnswer(error);
    }
    return redirect(MERCHANDISING_NOTICES.onto(`/admin/${noun}s`, `${noun}-deleted`));
  }
  return foundOrNotFound(editor.save(actor, form, intent));
}
