import { formatMoney } from "@core/money";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { SettingsRowForm } from "~/components/admin/settings-row-form";
import {
  AdminErrorBoundary,
  adminMeta,
  AdminPage,
  AdminSection,
} from "~/components/admin/admin-page";
import {
  listShippingOptionRecords,
  settingsScreen,
  shippingAction,
} from "./admin.settings.server";
import type { Route } from "./+types/admin.shipping";

export const meta = () => adminMeta("Shipping");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  settingsScreen(context, request, "settings", async (db, storeId) => ({
    options: await listShippingOptionRecords(db, storeId),
    // The option whose delete is being asked (?delete=<id>).
    deleting: new URL(request.url).searchParams.get("delete"),
  }));

export const action = ({ request, context }: Route.ActionArgs) =>
  shippingAction(context, request);

const FIELDS = ["name", "details", "price", "free_shipping_threshold"] as const;
const dollars = (cents: number | null) =>
  cents === null ? "" : (cents / 100).toFixed(2);

type Option = Route.ComponentProps["loaderData"]["options"][number];

function OptionForm({
  option,
  deleting,
  actionData,
}: {
  option: Option | null;
  deleting: string | null;
  actionData: Route.ComponentProps["actionData"];
}) {
  const remove = option && {
    ask: `/admin/shipping?delete=${option.id}`,
    back: "/admin/shipping",
    asking: deleting === String(option.id),
    consequence:
      "Checkout stops offering it; orders that chose it keep its name and price.",
  };
  return (
    <SettingsRowForm
      row={option && { id: option.id, label: option.name }}
      add="Add shipping option"
      fields={FIELDS}
      answer={actionData}
      remove={remove ?? undefined}
    >
      {(typed, placed) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            defaultValue={typed?.name ?? option?.name ?? ""}
            error={placed.at.name}
            required
            maxLength={120}
          />
          <TextField
            label="Details shown at checkout"
            name="details"
            defaultValue={typed?.details ?? option?.details ?? ""}
            error={placed.at.details}
            maxLength={500}
          />
          <TextField
            label="Price, in dollars"
            name="price"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={
              typed?.price ?? (option ? dollars(option.price_cents) : "")
            }
            error={placed.at.price}
            required
          />
          <TextField
            label="Free from an order of, in dollars (blank: never free)"
            name="free_shipping_threshold"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={
              typed?.free_shipping_threshold ??
              (option ? dollars(option.free_shipping_threshold_cents) : "")
            }
            error={placed.at.free_shipping_threshold}
          />
        </div>
      )}
    </SettingsRowForm>
  );
}

export default function AdminShipping({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { options, deleting, notice } = loaderData;
  return (
    <AdminPage
      title="Shipping"
      intro={
        <p>
          The options shoppers choose from at checkout, in this order. Checkout
          charges exactly these.
        </p>
      }
    >
      {notice && !actionData ? (
        <FormMessage tone="success">{notice}</FormMessage>
      ) : null}
      {options.map((option) => (
        <AdminSection key={option.id} title={option.name}>
          <p className="mb-4 text-sm">
            {`${formatMoney(option.price_cents)}${option.free_shipping_threshold_cents === null ? "" : `, free from ${formatMoney(option.free_shipping_threshold_cents)}`} · checkout key ${option.key}`}
          </p>
          <OptionForm
            option={option}
            deleting={deleting}
            actionData={actionData}
          />
        </AdminSection>
      ))}
      <AdminSection title="New shipping option">
        <OptionForm option={null} deleting={null} actionData={actionData} />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
