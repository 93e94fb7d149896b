/**
 * The navigation screen's server side (permission `content`): the form's draft, with a row moved or removed as its
 * intent asks, is saved whole by the function the admin API's PATCH /api/admin/settings/looks calls
 * (server/store/rules.ts), so a link is checked the same way on both. A refusal comes back beside the field it names,
 * with what was typed.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { storeLooksChangeSchema } from "@core/schemas/admin-settings";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { applyIntent, changeOf, readDraft, type NavigationDraft } from "~/components/admin/navigation-draft";
import { changeStoreLooks } from "../../server/looks/looks";
import { linkChoices } from "../../server/catalog/link-choices";
import { formFailure, requireStaffPage } from "./admin.server";

export { getStoreLooks } from "../../server/looks/looks";
export { requireStaffPage } from "./admin.server";

export const NAVIGATION_PATH = "/admin/navigation";

type Problem = { error: string; field?: string };

/** The schema's words for an empty or malformed entry, said as the owner would read them beside the field. */
function plainWords(field: string, message: string): string {
  if (/\.name$/.test(field) && /too small|expected string/i.test(message)) return "Give the link a name";
  if (/\.title$/.test(field) && /too small|expected string/i.test(message)) return "Give the section a title";
  if (/^footer\.copyright$/.test(field)) return "Write the copyright line";
  if (/\.url$/.test(field)) return "Must be a web address such as https://www.instagram.com/yourshop";
  return message;
}

const refused = (errors: Problem[], draft: NavigationDraft) => data({ errors, draft }, { status: 400, headers: ADMIN_PAGE_HEADERS });

export async function navigationAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "content");
  const values = Object.fromEntries(
    [...(await request.formData()).entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const draft = applyIntent(readDraft(values), values.intent ?? "save");
  const { change, formPath } = changeOf(draft);
  const parsed = storeLooksChangeSchema.safeParse(change);
  if (!parsed.success) {
    const seen = new Set<string>();
    const errors = parsed.error.issues.flatMap((issue) => {
      const field = formPath(issue.path.join("."));
      if (seen.has(field)) return [];
      seen.add(field);
      return [{ error: plainWords(field, issue.message), field }];
    });
    return refused(errors, draft);
  }
  try {
    await changeStoreLooks(context.db, actor, parsed.data);
  } catch (error) {
    const failure = formFailure(error, {}, "The navigation could not be saved; please try again in a moment");
    if (failure.status !== 400) return data({ errors: failure.errors, draft }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
    return refused(
      failure.errors.map((problem) => {
        if (!problem.field) return problem;
        const field = formPath(problem.field);
        // The write names the setting before its message ("navbar.pages.1.route: …"); beside the field it goes without.
        return { error: plainWords(field, problem.error.replace(`${problem.field}: `, "")), field };
      }),
      draft,
    );
  }
  return redirect(`${NAVIGATION_PATH}?notice=saved`, { headers: ADMIN_PAGE_HEADERS });
}

/** The link picker's choices for what the owner typed (`q`), as JSON: never kept by a browser or proxy. */
export async function linkChoicesLoader(context: AppLoadContext, request: Request) {
  await requireStaffPage(context, request, "content");
  const words = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return Response.json({ choices: await linkChoices(context.db, context.storeId, words) }, { headers: ADMIN_PAGE_HEADERS });
}
