import { data, Form, Link, redirect } from "react-router";
import { staffPasswordResetSchema } from "@core/schemas/admin";
import { FormMessage, PasswordField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { AdminGateShell } from "~/components/admin/admin-shell";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { placeErrors } from "~/lib/form-error";
import { formFailure, formValues, INVALID_STAFF_RESET_LINK_MESSAGE, resetStaffPassword, staffResetLinkIsUsable } from "./admin.reset-password.server";
import type { Route } from "./+types/admin.reset-password";

export const handle = OWNER_LAYOUT;
export const headers = adminHeaders;
export const meta = () => adminMeta("Choose a new password");

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Said before a new password is typed, not after.
  const usable = token !== "" && (await staffResetLinkIsUsable(context.db, context.storeId, token));
  return { token, lapsed: usable ? null : INVALID_STAFF_RESET_LINK_MESSAGE };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData(), ["token", "password"]);
  try {
    const { token, password } = staffPasswordResetSchema.parse(values);
    await resetStaffPassword(context.db, context.storeId, token, password);
    return redirect("/admin/login?password-reset");
  } catch (error) {
    const failure = formFailure(error, values, "The password could not be set; please try again in a moment");
    return data(failure, { status: failure.status });
  }
}

export default function AdminResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const placed = placeErrors(actionData?.errors, ["password"]);
  const lapsed = loaderData.lapsed ?? actionData?.errors.find((error) => error.field === "token")?.error;
  return (
    <AdminGateShell>
      <h1 className="mb-2 text-3xl font-semibold">Choose a new password</h1>
      {lapsed ? (
        <>
          <FormMessage tone="error">{lapsed}</FormMessage>
          <p className="mt-4">
            <Link to="/admin/forgot-password" className="underline">
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mb-6">At least 8 characters, and not a common one. Every browser signed in as you is signed out.</p>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField label="New password" fresh error={placed.at.password} />
            <AdminButton className="w-full py-3">Set the new password</AdminButton>
          </Form>
        </>
      )}
    </AdminGateShell>
  );
}
