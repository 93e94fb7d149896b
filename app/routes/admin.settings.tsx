import { Form, Link } from "react-router";
import { REMINDER_DELAY_MINUTES } from "@core/cart-reminders";
import { DEFAULT_REMINDER_DAYS } from "@core/subscriptions";
import { DEFAULT_RETURN_WINDOW_DAYS, MAX_RETURN_WINDOW_DAYS } from "@core/returns";
import { FormMessage, LabelledField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { TimeZoneField } from "~/components/admin/time-zone-field";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { placeErrors } from "~/lib/form-error";
import { When } from "~/components/admin/when";
import { getStoreRules, hasDemoContent, mailStatus, settingsScreen, storeSettingsAction, timeZoneNames } from "./admin.settings.server";
import type { Route } from "./+types/admin.settings";

export const meta = () => adminMeta("Store settings");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  settingsScreen(context, request, "settings", async (db, storeId) => ({
    rules: await getStoreRules(db, storeId),
    timeZones: timeZoneNames(),
    mail: await mailStatus(context, storeId),
    demo: await hasDemoContent(db, storeId),
  }));

export const action = ({ request, context }: Route.ActionArgs) => storeSettingsAction(context, request);

const FIELDS = ["website_title", "contact_email", "time_zone", "checkout_enabled", "minimum_order", "reminder_delay", "renewal_reminder", "return_window", "legal_name", "legal_address", "tax_id"] as const;

export default function AdminStoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, timeZones, mail, notice, demo } = loaderData;
  const placed = placeErrors(actionData?.errors, FIELDS);
  const typed = actionData?.values;
  return (
    <AdminPage title="Store settings" intro={<p>The shop&apos;s name, where customers&apos; messages go, the time zone its dates are in, when shoppers may check out, and who sells on its invoices.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      <Form method="post" className="flex flex-col gap-6">
        <AdminSection title="Store">
          <div className="flex max-w-xl flex-col gap-4">
            <TextField label="Store name" name="website_title" defaultValue={typed?.website_title ?? rules.website_title} error={placed.at.website_title} required maxLength={120} />
            <TextField
              label="Contact email (where contact messages and new-order alerts go; blank: the address the shop was started with)"
              name="contact_email"
              type="email"
              autoComplete="off"
              defaultValue={typed?.contact_email ?? rules.contact_email ?? ""}
              error={placed.at.contact_email}
            />
            <TimeZoneField zones={timeZones} value={typed?.time_zone ?? rules.time_zone ?? ""} error={placed.at.time_zone} />
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
        <AdminSection title="Subscriptions">
          <div className="flex max-w-xl flex-col gap-4">
            <TextField
              label="Renewal reminder, in days before each renewal (the subscriber's email has a one-click skip; 1 to 30)"
              name="renewal_reminder"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={typed?.renewal_reminder ?? String(rules.subscription_reminder_days ?? DEFAULT_REMINDER_DAYS)}
              error={placed.at.renewal_reminder}
            />
          </div>
        </AdminSection>
        <AdminSection title="Returns">
          <div className="flex max-w-xl flex-col gap-4">
            <TextField
              label={`Return window, in days after shipping (customers may start a return from their order within it; 0 turns it off; at most ${MAX_RETURN_WINDOW_DAYS})`}
              name="return_window"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={typed?.return_window ?? String(rules.return_window_days ?? DEFAULT_RETURN_WINDOW_DAYS)}
              error={placed.at.return_window}
            />
          </div>
        </AdminSection>
        <AdminSection title="Invoices">
          <div className="flex max-w-xl flex-col gap-4">
            <p>Who sells, as every invoice and credit note says it. Blank: the store name alone.</p>
            <TextField label="Legal name" name="legal_name" autoComplete="organization" defaultValue={typed?.legal_name ?? rules.legal_name ?? ""} error={placed.at.legal_name} maxLength={200} />
            <LabelledField
              label="Address (one line per line)"
              error={placed.at.legal_address}
              control={(control) => <textarea name="legal_address" rows={4} maxLength={500} defaultValue={typed?.legal_address ?? rules.legal_address ?? ""} {...control} />}
            />
            <TextField label="Tax id (VAT number or EIN)" name="tax_id" autoComplete="off" defaultValue={typed?.tax_id ?? rules.tax_id ?? ""} error={placed.at.tax_id} maxLength={60} />
          </div>
        </AdminSection>
        <div>
          <AdminButton>Save settings</AdminButton>
        </div>
      </Form>
      <AdminSection title="Email">
        <div className="flex max-w-xl flex-col gap-3">
          <p>
            {mail.server ? (
              <>Email goes out through the mail server at {mail.server}.</>
            ) : (
              <>
                No mail server is set (SMTP_URL), so email is kept in the shop&apos;s{" "}
                <a href="/dev/mailbox" className="underline">
                  outbox
                </a>{" "}
                and reaches nobody.
              </>
            )}
          </p>
          <p className="break-words">
            New orders, returns and customers&apos; messages go to {mail.shopAddress}
            {mail.contactEmailSet ? "." : ": set a contact email above to have them sent where you read your mail."}
          </p>
          {mail.lastFailure ? (
            <p className="break-words">
              The last email the server did not take: “{mail.lastFailure.subject}” to {mail.lastFailure.to}, <When at={mail.lastFailure.at} />. Its reason:{" "}
              {mail.lastFailure.error}
            </p>
          ) : null}
          <Form method="post">
            <AdminButton name="intent" value="test-email" weight="secondary">
              Send a test email to yourself
            </AdminButton>
          </Form>
        </div>
      </AdminSection>
      {demo ? (
        <AdminSection title="Demo content">
          <p className="mb-3 max-w-prose">
            The shop still has the demo&apos;s sample products, bundles, discount codes, reviews, testimonials, blog post and page texts. Remove them
            once, after a look at everything that goes; orders and customers are kept.
          </p>
          <Link to="/admin/settings/demo" className="font-medium text-red-800 underline">
            Remove the demo content…
          </Link>
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
