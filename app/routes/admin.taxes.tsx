import { Form, Link } from "react-router";
import {
  chosenStates,
  classRateField,
  collectFields,
  CLASS_FORM,
  US_STATE_BASE_RATES,
  type StateBaseRate,
} from "@core/us-sales-tax";
import { hasOwnRate } from "@core/tax";
import { AdminButton } from "~/components/admin/admin-form";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { SettingsRowForm } from "~/components/admin/settings-row-form";
import { AdminTable } from "~/components/admin/admin-list";
import {
  AdminErrorBoundary,
  adminMeta,
  AdminPage,
  AdminSection,
} from "~/components/admin/admin-page";
import { SETTINGS_NOTICES } from "~/components/admin/settings-form";
import {
  listTaxClasses,
  listTaxRateRecords,
  requireStaffPage,
  taxAction,
} from "./admin.settings.server";
import type { Route } from "./+types/admin.taxes";

export const meta = () => adminMeta("Taxes");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "settings");
  const url = new URL(request.url);
  const [rates, classes] = await Promise.all([
    listTaxRateRecords(context.db, context.storeId),
    listTaxClasses(context.db, context.storeId),
  ]);
  const editing =
    rates.find((rate) => String(rate.id) === url.searchParams.get("edit")) ??
    null;
  const collected = new Set(
    rates.filter((rate) => rate.country === "US").map((rate) => rate.region),
  );
  const open = US_STATE_BASE_RATES.filter(
    (state) => !collected.has(state.region),
  );
  // The states chosen, with the rate each is suggested at; nothing is charged until the owner saves them.
  const chosen = chosenStates(url.searchParams.getAll("collect")).filter(
    (state) => !collected.has(state.region),
  );
  // Its delete asked (?delete=<id> beside ?edit=<id>): the question shows below its form.
  const deleting =
    editing !== null && url.searchParams.get("delete") === String(editing.id);
  return {
    rates,
    editing,
    deleting,
    open,
    chosen,
    classes,
    notice: SETTINGS_NOTICES.of(url),
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  taxAction(context, request);

const FIELDS = ["country", "region", "rate", "taxes_shipping"] as const;
const COLUMNS = [
  { label: "Region" },
  { label: "Standard rate", numeric: true },
  { label: "Other classes" },
  { label: "Taxes shipping" },
  { label: "Change" },
];
const CLASS_COLUMNS = [
  { label: "Class" },
  { label: "Taxed at" },
  { label: "Delete" },
];
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
const typedPercent = (basisPoints: number) => (basisPoints / 100).toFixed(2);

type Rate = Route.ComponentProps["loaderData"]["rates"][number];
type Classes = Route.ComponentProps["loaderData"]["classes"];

/** The classes whose rate the owner sets per region (the standard rate is the region's own, exempt is always 0). */
const ownRates = (classes: Classes) =>
  classes.filter((taxClass) => hasOwnRate(taxClass.key));

function RateForm({
  rate,
  classes,
  deleting = false,
  actionData,
}: {
  rate: Rate | null;
  classes: Classes;
  deleting?: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const classFields = ownRates(classes).map((taxClass) => ({
    ...taxClass,
    field: classRateField(taxClass.key),
  }));
  return (
    <SettingsRowForm
      row={rate && { id: rate.id, label: `${rate.country}-${rate.region}` }}
      add="Add tax rate"
      fields={[...FIELDS, ...classFields.map((taxClass) => taxClass.field)]}
      answer={actionData}
      // A refused change comes back to the same form, with what was typed beside its problems.
      action={rate ? `/admin/taxes?edit=${rate.id}` : "/admin/taxes"}
      remove={
        rate
          ? {
              ask: `/admin/taxes?edit=${rate.id}&delete=${rate.id}`,
              back: `/admin/taxes?edit=${rate.id}`,
              asking: deleting,
              consequence:
                "Checkout stops taxing orders shipped there; orders already placed keep the tax they charged.",
            }
          : undefined
      }
    >
      {(typed, placed) => (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Country code"
              name="country"
              defaultValue={typed?.country ?? rate?.country ?? "US"}
              error={placed.at.country}
              required
              maxLength={2}
              autoComplete="off"
            />
            <TextField
              label="Region code (as addresses give it)"
              name="region"
              defaultValue={typed?.region ?? rate?.region ?? ""}
              error={placed.at.region}
              required
              maxLength={3}
              autoComplete="off"
            />
            <TextField
              label="Standard rate, in percent"
              name="rate"
              inputMode="decimal"
              defaultValue={
                typed?.rate ??
                (rate ? typedPercent(rate.rate_basis_points) : "")
              }
              error={placed.at.rate}
              required
              autoComplete="off"
            />
          </div>
          {classFields.length > 0 ? (
            <fieldset className="grid gap-4 sm:grid-cols-3">
              <legend className="mb-2">
                Rates of the other classes here; a class left blank is taxed at
                the standard rate, exempt products never.
              </legend>
              {classFields.map((taxClass) => {
                const kept = rate?.class_rates[taxClass.key];
                return (
                  <TextField
                    key={taxClass.key}
                    label={`${taxClass.name} rate, in percent`}
                    name={taxClass.field}
                    inputMode="decimal"
                    defaultValue={
                      typed?.[taxClass.field] ??
                      (kept === undefined ? "" : typedPercent(kept))
                    }
                    error={placed.at[taxClass.field]}
                    autoComplete="off"
                  />
                );
              })}
            </fieldset>
          ) : null}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="taxes_shipping"
              defaultChecked={
                typed
                  ? typed.taxes_shipping === "on"
                  : (rate?.taxes_shipping ?? false)
              }
              className="size-5 shrink-0"
            />
            Shipping is taxed too
          </label>
        </>
      )}
    </SettingsRowForm>
  );
}

/** The states the shop does not collect in yet, to tick: sent as `?collect=VA&collect=MD` for their suggested rates. */
function StatePicker({ open }: { open: readonly StateBaseRate[] }) {
  if (open.length === 0)
    return (
      <p>
        The shop collects sales tax in every state; change a state&apos;s rate
        in the list below.
      </p>
    );
  return (
    <Form method="get" action="/admin/taxes" className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2">
          Tick each state where your shop must collect sales tax (where it has a
          presence or sells enough to owe it). Orders to other states are not
          taxed.
        </legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-3">
          {open.map((state) => (
            <label
              key={state.region}
              className="flex min-h-6 items-center gap-2"
            >
              <input
                type="checkbox"
                name="collect"
                value={state.region}
                className="size-5 shrink-0"
              />
              {state.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <AdminButton>Suggest rates</AdminButton>
      </div>
    </Form>
  );
}

/** The chosen states at their suggested base rates, to change and save; saving is what starts charging them. */
function ChosenRates({
  chosen,
  actionData,
}: {
  chosen: readonly StateBaseRate[];
  actionData: Route.ComponentProps["actionData"];
}) {
  const mine = actionData?.id === "collect" ? actionData : undefined;
  const errorAt = (field: string) =>
    mine?.errors.find((error) => error.field === field)?.error;
  const formError = mine?.errors.find(
    (error) => !error.field || !error.field.startsWith("rate_"),
  )?.error;
  const query = chosen.map((state) => `collect=${state.region}`).join("&");
  return (
    <Form
      method="post"
      action={`/admin/taxes?${query}`}
      className="flex flex-col gap-4"
    >
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <p>
        These are each state&apos;s base rates; add your local rate where you
        owe one. Nothing is charged until you save.
      </p>
      {chosen.map((state) => {
        const fields = collectFields(state.region);
        return (
          <fieldset
            key={state.region}
            className="grid gap-2 sm:grid-cols-2 sm:items-end"
          >
            <legend className="sr-only">{state.name}</legend>
            <TextField
              label={`${state.name} rate, in percent`}
              name={fields.rate}
              inputMode="decimal"
              defaultValue={
                mine?.values[fields.rate] ?? typedPercent(state.basisPoints)
              }
              error={errorAt(fields.rate)}
              required
              autoComplete="off"
            />
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name={fields.shipping}
                defaultChecked={
                  mine
                    ? mine.values[fields.shipping] === "on"
                    : state.taxesShipping
                }
                className="size-5 shrink-0"
              />
              {`${state.name} taxes shipping too`}
            </label>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <AdminButton name="intent" value="collect">
          {chosen.length === 1
            ? `Collect tax in ${chosen[0].name}`
            : `Collect tax in these ${chosen.length} states`}
        </AdminButton>
        <Link to="/admin/taxes" className="underline">
          Choose other states
        </Link>
      </div>
    </Form>
  );
}

/** Standard, reduced and exempt, and the classes the owner named (which can be deleted while no product is in one). */
function TaxClasses({
  classes,
  actionData,
}: {
  classes: Classes;
  actionData: Route.ComponentProps["actionData"];
}) {
  const mine = actionData?.id === CLASS_FORM ? actionData : undefined;
  const nameError = mine?.errors.find((error) => error.field === "name")?.error;
  const formError = mine?.errors.find((error) => error.field !== "name")?.error;
  return (
    <AdminSection title="Tax classes">
      <p className="mb-3">
        Every product has a class, chosen on its page. A region taxes standard
        products at its rate, a class with a rate of its own there at that rate
        (groceries at 1 %, say), and exempt products not at all.
      </p>
      <AdminTable
        label="The tax classes"
        minWidth="18rem"
        columns={CLASS_COLUMNS}
      >
        {classes.map((taxClass) => (
          <tr key={taxClass.key} className="border-b border-black/10">
            <th scope="row" className="px-3 py-2">
              {taxClass.name}
            </th>
            <td className="px-3 py-2">
              {taxClass.key === "standard"
                ? "Each region's rate"
                : taxClass.key === "exempt"
                  ? "Never taxed"
                  : "Its rate in each region, or the standard rate"}
            </td>
            <td className="px-3 py-2">
              {taxClass.builtIn ? (
                "Built in"
              ) : (
                <Form method="post" action="/admin/taxes">
                  <input type="hidden" name="key" value={taxClass.key} />
                  <AdminButton
                    name="intent"
                    value="delete-class"
                    weight="danger"
                  >{`Delete ${taxClass.name}`}</AdminButton>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Form
        method="post"
        action="/admin/taxes"
        className="mt-4 flex flex-col gap-3"
      >
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label="New class name"
            name="name"
            defaultValue={mine?.values.name ?? ""}
            error={nameError}
            required
            maxLength={60}
            autoComplete="off"
          />
          <AdminButton name="intent" value="add-class">
            Add class
          </AdminButton>
        </div>
      </Form>
    </AdminSection>
  );
}

export default function AdminTaxes({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { rates, editing, deleting, open, chosen, classes, notice } =
    loaderData;
  const named = new Map(
    classes.map((taxClass) => [taxClass.key, taxClass.name]),
  );
  return (
    <AdminPage
      title="Taxes"
      intro={
        <p>
          Checkout taxes an order at the rate you set for its shipping
          address&apos;s country and region; a region without a rate is not
          taxed.
        </p>
      }
    >
      {notice && !actionData ? (
        <FormMessage tone="success">{notice}</FormMessage>
      ) : null}
      {editing ? (
        <AdminSection title={`Change ${editing.country}-${editing.region}`}>
          <RateForm
            rate={editing}
            classes={classes}
            deleting={deleting}
            actionData={actionData}
          />
        </AdminSection>
      ) : null}
      <AdminSection title="Where do you collect sales tax?">
        {chosen.length > 0 ? (
          <ChosenRates chosen={chosen} actionData={actionData} />
        ) : (
          <StatePicker open={open} />
        )}
      </AdminSection>
      <AdminSection title="New tax rate">
        <RateForm rate={null} classes={classes} actionData={actionData} />
      </AdminSection>
      <AdminTable label="Tax rates" minWidth="36rem" columns={COLUMNS}>
        {rates.map((rate) => (
          <tr key={rate.id} className="border-b border-black/10">
            <th
              scope="row"
              className="px-3 py-2"
            >{`${rate.country}-${rate.region}`}</th>
            <td className="px-3 py-2 text-right">
              {percent(rate.rate_basis_points)}
            </td>
            <td className="px-3 py-2">
              {Object.entries(rate.class_rates)
                .map(
                  ([key, basisPoints]) =>
                    `${named.get(key) ?? key} ${percent(basisPoints)}`,
                )
                .join(", ") || "None"}
            </td>
            <td className="px-3 py-2">{rate.taxes_shipping ? "Yes" : "No"}</td>
            <td className="px-3 py-2">
              <Link
                to={`/admin/taxes?edit=${rate.id}`}
                className="underline"
                aria-label={`Change ${rate.country}-${rate.region}`}
              >
                Change
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <TaxClasses classes={classes} actionData={actionData} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
