import { data, Form, Link } from "react-router";
import { staffEmailSchema } from "@core/schemas/admin";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { AdminGateShell } from "~/components/admin/admin-shell";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { placeErrors } from "~/lib/form-error";
import { formFailure, formValues, requestClientIp, requestStaffPasswordReset, retryAfterHeader, STAFF_RESET_REQUESTED_MESSAGE } from "./admin.forgot-password.server";
import type { Route } from "./+types/admin.forgot-password";

export const handle = OWNER_LAYOUT;
export const headers = adminHeaders;
export const meta = () => adminMeta("Forgot your password?");

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData(), ["email"]);
  try {
    const { email } = staffEmailSchema.parse(values);
    await requestStaffPasswordReset(context, context.storeId, email, requestClientIp(request));
    return { ok: true as const, message: STAFF_RESET_REQUESTED_MESSAGE };
  } catch (error) {
    const failure = formFailure(error, values, "The link could not be sent; please try again in a moment");
    return data(failure, { status: failure.status, headers: retryAfterHeader(error) });
  }
}

export default function AdminForgotPassword({ actionData }: Route.ComponentProps) {
  const failure = actionData?.ok === false ? actionData : undefined;
  const placed = placeErrors(failure?.errors, ["email"]);
  return (
    <AdminGateShell>
      <h1 className="mb-2 text-3xl font-semibold">Forgot your password?</h1>
      <p className="mb-6">Enter your staff email. If it has an account, we email it a link to choose a new password.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.ok ? <FormMessage tone="success">{actionData.message}</FormMessage> : null}
        {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
        <TextField label="Email" name="email" type="email" autoComplete="username" required defaultValue={failure?.values.email} error={placed.at.email} />
        <AdminButton className="w-full py-3">Send the link</AdminButton>
      </Form>
      <p className="mt-4">
        <Link to="/admin/login" className="underline">
          Back to sign-in
        </Link>
      </p>
    </AdminGateShell>
  );
}
