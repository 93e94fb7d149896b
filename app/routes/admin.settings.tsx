import { Form } from "react-router";
import { REMINDER_DELAY_MINUTES } from "@core/cart-reminders";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { settingsNoticeOf } from "~/components/admin/settings-form";
import { placeErrors } from "~/lib/form-error";
import { getStoreRules, requireStaffPage, storeRulesAction } from "./admin.settings.server";
import type { Route } from "./+types/admin.settings";

export const headers = adminHeaders;
export const meta = () => adminMeta("Store settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "settings");
  const rules = await getStoreRules(context.db, context.storeId);
  return { rules, notice: settingsNoticeOf(new URL(request.url)) };
}

export const action = ({ request, context }: Route.ActionArgs) => storeRulesAction(context, request);

const FIELDS = ["website_title", "contact_email", "checkout_enabled", "minimum_order", "reminder_delay"] as const;

export default function AdminStoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, FIELDS);
  const typed = actionData?.values;
  return (
    <AdminPage title="Store settings" intro={<p>The shop&apos;s name, where customers&apos; messages go, and when shoppers may check out.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <Form method="post" className="flex flex-col gap-6">
        <AdminSection title="Store">
          <div className="flex max-w-xl flex-col gap-4">
            <TextField label="Store name" name="website_title" defaultValue={typed?.website_title ?? rules.website_title} error={placed.at.website_title} required maxLength={120} />
            <TextField
              label="Contact email (where contact messages go; blank: the address the shop was started with)"
              name="contact_email"
              type="email"
              autoComplete="off"
              defaultValue={typed?.contact_email ?? rules.contact_email ?? ""}
              error={placed.at.contact_email}
            />
          </div>
        </AdminSection>
        <AdminSection title="Checkout">
          <div className="flex max-w-xl flex-col gap-4">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="checkout_enabled"
                defaultChecked={typed ? typed.checkout_enabled === "on" : rules.checkout_enabled}
                className="size-5 shrink-0"
              />
              Shoppers may check out (off: the shop shows its products but takes no orders)
            </label>
            <TextField
              label="Minimum order, in dollars"
              name="minimum_order"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed?.minimum_order ?? (rules.minimum_order_cents / 100).toFixed(2)}
              error={placed.at.minimum_order}
            />
            <TextField
              label={`Cart reminder delay, in minutes (a shopper who asked for a reminder and has not paid gets one email after this long; ${REMINDER_DELAY_MINUTES.min} to ${REMINDER_DELAY_MINUTES.max})`}
              name="reminder_delay"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={typed?.reminder_delay ?? String(rules.cart_reminder_delay_minutes ?? REMINDER_DELAY_MINUTES.default)}
              error={placed.at.reminder_delay}
            />
          </div>
        </AdminSection>
        <div>
          <AdminButton>Save settings</AdminButton>
        </div>
      </Form>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
