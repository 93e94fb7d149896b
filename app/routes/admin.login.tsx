import { data, Form, Link, redirect } from "react-router";
import { redirectPath } from "@core/redirect-target";
import { adminLoginSchema } from "@core/schemas/admin";
import { AuthenticatorCodeField, FormMessage, PasswordField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { adminHeaders, adminMeta } from "~/components/admin/admin-page";
import { AdminGateShell } from "~/components/admin/admin-shell";
import { OWNER_LAYOUT } from "~/components/layout/owner-layout";
import { placeErrors } from "~/lib/form-error";
import { formFailure, formValues, isSignedIn, retryAfterHeader, signInStaff } from "./admin.login.server";
import type { Route } from "./+types/admin.login";

export const handle = OWNER_LAYOUT;
export const headers = adminHeaders;
export const meta = () => adminMeta("Sign in");

const FIELDS = ["email", "password", "code"] as const;

/** Where a signed-in member goes: the page they came from when it is a path of this shop, else the back office. */
const backTo = (request: Request, requested: FormDataEntryValue | null) =>
  redirectPath(typeof requested === "string" ? requested : null, new URL(request.url).origin, "/admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = backTo(request, url.searchParams.get("redirectTo"));
  if (await isSignedIn(context, request)) throw redirect(redirectTo);
  return { redirectTo, signedOut: url.searchParams.has("signed-out"), passwordReset: url.searchParams.has("password-reset") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, FIELDS);
  // An empty code field is a sign-in without one: the server asks for it when the account needs it.
  const parsed = adminLoginSchema.safeParse({ ...values, code: values.code.trim() || undefined });
  if (!parsed.success) return data(formFailure(parsed.error, values, "Sign-in failed"), { status: 400 });
  try {
    const { cookie } = await signInStaff(context, request, { storeId: context.storeId, ...parsed.data });
    return redirect(backTo(request, form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    const failure = formFailure(error, values, "Sign-in failed; please try again in a moment");
    return data(failure, { status: failure.status, headers: retryAfterHeader(error) });
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const placed = placeErrors(actionData?.errors, FIELDS);
  // The server asks for the code only after a right password; from then on the field stays.
  const askCode = actionData?.errors.some((error) => error.field === "code") || Boolean(actionData?.values.code);
  return (
    <AdminGateShell>
      <h1 className="mb-2 text-3xl font-semibold">Staff sign-in</h1>
      <p className="mb-6">Sign in to the shop's back office.</p>
      {loaderData.signedOut && !actionData ? <FormMessage tone="success" className="mb-4">You are signed out.</FormMessage> : null}
      {loaderData.passwordReset && !actionData ? (
        <FormMessage tone="success" className="mb-4">Your new password is set, and every browser signed in as you is signed out. Sign in with it.</FormMessage>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.values.email}
          error={placed.at.email}
        />
        <PasswordField error={placed.at.password} />
        {askCode ? (
          <div>
            <AuthenticatorCodeField label="Authenticator code" error={placed.at.code} orBackupCode />
            <p className="mt-1 text-sm">No phone at hand? Type one of your backup codes instead.</p>
          </div>
        ) : null}
        <AdminButton className="w-full py-3">Sign in</AdminButton>
      </Form>
      <p className="mt-4">
        <Link to="/admin/forgot-password" className="underline">
          Forgot your password?
        </Link>
      </p>
    </AdminGateShell>
  );
}
