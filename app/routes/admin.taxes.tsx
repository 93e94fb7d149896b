import { Link } from "react-router";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { SettingsRowForm } from "~/components/admin/settings-row-form";
import { AdminTable } from "~/components/admin/admin-list";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { SETTINGS_NOTICES } from "~/components/admin/settings-form";
import { listTaxRateRecords, requireStaffPage, taxAction } from "./admin.settings.server";
import type { Route } from "./+types/admin.taxes";

export const meta = () => adminMeta("Taxes");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "settings");
  const url = new URL(request.url);
  const rates = await listTaxRateRecords(context.db, context.storeId);
  const editing = rates.find((rate) => String(rate.id) === url.searchParams.get("edit")) ?? null;
  return { rates, editing, notice: SETTINGS_NOTICES.of(url) };
}

export const action = ({ request, context }: Route.ActionArgs) => taxAction(context, request);

const FIELDS = ["country", "region", "rate", "taxes_shipping"] as const;
const COLUMNS = [{ label: "Region" }, { label: "Rate", numeric: true }, { label: "Taxes shipping" }, { label: "Change" }];
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

type Rate = Route.ComponentProps["loaderData"]["rates"][number];

function RateForm({ rate, actionData }: { rate: Rate | null; actionData: Route.ComponentProps["actionData"] }) {
  return (
    <SettingsRowForm row={rate && { id: rate.id, label: `${rate.country}-${rate.region}` }} add="Add tax rate" fields={FIELDS} answer={actionData} action="/admin/taxes">
      {(typed, placed) => (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Country code" name="country" defaultValue={typed?.country ?? rate?.country ?? "US"} error={placed.at.country} required maxLength={2} autoComplete="off" />
            <TextField label="Region code (as addresses give it)" name="region" defaultValue={typed?.region ?? rate?.region ?? ""} error={placed.at.region} required maxLength={3} autoComplete="off" />
            <TextField label="Rate, in percent" name="rate" inputMode="decimal" defaultValue={typed?.rate ?? (rate ? (rate.rate_basis_points / 100).toFixed(2) : "")} error={placed.at.rate} required autoComplete="off" />
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="taxes_shipping" defaultChecked={typed ? typed.taxes_shipping === "on" : (rate?.taxes_shipping ?? false)} className="size-5 shrink-0" />
            Shipping is taxed too
          </label>
        </>
      )}
    </SettingsRowForm>
  );
}

export default function AdminTaxes({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, editing, notice } = loaderData;
  return (
    <AdminPage
      title="Taxes"
      intro={<p>Checkout taxes an order at its shipping address&apos;s country and region rate; a region without a rate is not taxed.</p>}
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {editing ? (
        <AdminSection title={`Change ${editing.country}-${editing.region}`}>
          <RateForm rate={editing} actionData={actionData} />
        </AdminSection>
      ) : null}
      <AdminSection title="New tax rate">
        <RateForm rate={null} actionData={actionData} />
      </AdminSection>
      <AdminTable label="Tax rates" minWidth="28rem" columns={COLUMNS}>
        {rates.map((rate) => (
          <tr key={rate.id} className="border-b border-black/10">
            <th scope="row" className="px-3 py-2">{`${rate.country}-${rate.region}`}</th>
            <td className="px-3 py-2 text-right">{percent(rate.rate_basis_points)}</td>
            <td className="px-3 py-2">{rate.taxes_shipping ? "Yes" : "No"}</td>
            <td className="px-3 py-2">
              <Link to={`/admin/taxes?edit=${rate.id}`} className="underline" aria-label={`Change ${rate.country}-${rate.region}`}>
                Change
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
