/**
 * "Remove the demo content" from Store settings (permission `settings`): the preview lists what the removal would
 * take, the confirmation does it, both through the use case the setup page and the owner's command call
 * (server/demo/demo-content.ts, decision 0067).
 */
import { redirect, type AppLoadContext } from "react-router";
import { SETTINGS_NOTICES } from "~/components/admin/settings-form";
import { ADMIN_PAGE_HEADERS } from "~/components/admin/admin-page";
import { previewDemoRemoval, removeDemoContent } from "../../server/demo/demo-content";
import { refusalOf, requireStaffPage, STORE_PATH } from "./admin.settings.server";

export async function demoPreviewScreen(context: AppLoadContext, request: Request) {
  await requireStaffPage(context, request, "settings");
  const removal = await previewDemoRemoval(context, context.storeId);
  // Nothing left to remove: the offer is gone from Store settings, and so is this screen.
  if (removal === null) throw redirect(STORE_PATH, { headers: ADMIN_PAGE_HEADERS });
  return { removal };
}

export async function removeDemoAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "settings");
  try {
    await removeDemoContent(context, actor);
  } catch (error) {
    return refusalOf(error, {});
  }
  return redirect(SETTINGS_NOTICES.onto(STORE_PATH, "demo-removed"), { headers: ADMIN_PAGE_HEADERS });
}
