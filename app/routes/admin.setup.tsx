import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { SHOP_START_MESSAGE, SHOP_STARTS } from "@core/demo-content";
import { ownerSetupSchema } from "@core/schemas/admin";
import { FieldError, FormMessage, PasswordField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { AdminGateShell } from "~/components/admin/admin-shell";
import { TimeZoneField } from "~/components/admin/time-zone-field";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { placeErrors } from "~/lib/form-error";
import {
  formFailure,
  formValues,
  hasStaff,
  serverTimeZone,
  setUpShop,
  timeZoneNames,
  INVALID_SETUP_LINK_MESSAGE,
  USED_SETUP_LINK_MESSAGE,
} from "./admin.setup.server";
import type { Route } from "./+types/admin.setup";

export const handle = OWNER_LAYOUT;
export const headers = adminHeaders;
export const meta = () => adminMeta("Set up the shop's owner");

const FIELDS = ["email", "name", "password", "confirm", "time_zone", "start"] as const;

/**
 * The owner's password typed twice: a typo here would lock the only account out. The page asks how the shop starts
 * and takes no default: the demo and an empty shop are both a first start's answer (decision 0067).
 */
const setupFormSchema = ownerSetupSchema.and(z.object({ confirm: z.string(), start: z.enum(SHOP_STARTS, SHOP_START_MESSAGE) })).refine((form) => form.password === form.confirm, {
  message: "The passwords do not match",
  path: ["confirm"],
});

/** A link that cannot work is said to be so at once; one that looks right is tried when the form is sent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const refusal = !token ? INVALID_SETUP_LINK_MESSAGE : (await hasStaff(context.db, context.storeId)) ? USED_SETUP_LINK_MESSAGE : null;
  return { token, refusal, timeZones: timeZoneNames(), defaultZone: serverTimeZone() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, [...FIELDS, "token"]);
  // A form posted without the time zone (an older page still open) keeps the server's.
  const parsed = setupFormSchema.safeParse({ ...values, time_zone: values.time_zone || undefined });
  if (!parsed.success) return data(formFailure(parsed.error, values, "Setup failed"), { status: 400 });
  try {
    const { email, name, password, token, time_zone, start } = parsed.data;
    const { cookie } = await setUpShop(context, request, { storeId: context.storeId, token, email, name, password, time_zone, start });
    return redirect("/admin", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    const failure = formFailure(error, values, "Setup failed; please try again in a moment");
    return data(failure, { status: failure.status });
  }
}

const STARTS = [
  {
    value: "demo",
    label: "The demo shop",
    detail:
      "Sample coffee products, bundles, blog posts, reviews and discount codes to try things with. Store settings can remove them later, in one step.",
  },
  { value: "empty", label: "An empty shop", detail: "Your own products from the start: no sample products, codes, reviews or posts." },
] as const;

function ShopStartField({ chosen, error }: { chosen?: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "start-error" : undefined}>
      <legend className="mb-2 font-medium">Start with the demo shop or an empty one?</legend>
      <div className="flex flex-col gap-3">
        {STARTS.map((start) => (
          <div key={start.value} className="flex items-start gap-3 rounded border border-black/20 p-3">
            <input
              type="radio"
              id={`start-${start.value}`}
              name="start"
              value={start.value}
              defaultChecked={chosen === start.value}
              aria-describedby={`start-${start.value}-detail`}
              className="mt-1 size-5 shrink-0"
            />
            <div>
              <label htmlFor={`start-${start.value}`} className="block font-medium">
                {start.label}
              </label>
              <p id={`start-${start.value}-detail`} className="text-sm">
                {start.detail}
              </p>
            </div>
          </div>
        ))}
      </div>
      <FieldError id="start-error" error={error} />
    </fieldset>
  );
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const placed = placeErrors(actionData?.errors, FIELDS);
  const refusal = loaderData.refusal ?? actionData?.errors.find((error) => error.field === "token")?.error;
  if (refusal) {
    return (
      <AdminGateShell>
        <h1 className="mb-4 text-3xl font-semibold">Setup link</h1>
        <FormMessage tone="error">{refusal}</FormMessage>
        <p className="mt-4">
          Staff who already have an account{" "}
          <Link to="/admin/login" className="font-medium underline">
            sign in here
          </Link>
          .
        </p>
      </AdminGateShell>
    );
  }
  return (
    <AdminGateShell>
      <h1 className="mb-2 text-3xl font-semibold">Create the owner's account</h1>
      <p className="mb-6">The owner runs the back office: staff, API tokens and every setting.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.values.email} error={placed.at.email} />
        <TextField label="Name" name="name" autoComplete="name" required defaultValue={actionData?.values.name} error={placed.at.name} />
        <PasswordField fresh error={placed.at.password} />
        <PasswordField label="Confirm password" name="confirm" fresh error={placed.at.confirm} />
        <TimeZoneField zones={loaderData.timeZones} value={actionData?.values.time_zone ?? loaderData.defaultZone} error={placed.at.time_zone} />
        <ShopStartField chosen={actionData?.values.start} error={placed.at.start} />
        <AdminButton className="w-full py-3">Create the owner and sign in</AdminButton>
      </Form>
    </AdminGateShell>
  );
}
