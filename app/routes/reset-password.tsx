import { data, Form, Link, redirect } from "react-router";
import { INVALID_RESET_LINK_MESSAGE } from "@core/account-messages";
import { resetPasswordSchema } from "@core/schemas/auth";
import { AccountPanel, BackToSignIn, FormMessage, PasswordField, privatePageHeaders, SubmitButton, useSending } from "~/components/account/form-parts";
import { placeErrors } from "~/lib/form-error";
import { chooseNewPassword, formFailure, HttpError, resetTokenIsUsable } from "./reset-password.server";
import type { Route } from "./+types/reset-password";

const PASSWORDS_DIFFER = "The passwords do not match";
const RESET_FAILED = "Something went wrong. Please try again.";

export function meta() {
  return [
    { title: "Choose a New Password" },
    // The address carries the reset token: keep it out of search engines and other sites' logs.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token !== "" && token.length <= 200 && (await resetTokenIsUsable(context, context.storeId, token));
  return { token: usable ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const parsed = resetPasswordSchema.safeParse({ token: form.get("token") ?? "", password, store_id: context.storeId });
  if (!parsed.success) return data(formFailure(parsed.error, {}, RESET_FAILED), { status: 400 });
  if (password !== String(form.get("confirm_password") ?? "")) {
    return data(formFailure(new HttpError(400, PASSWORDS_DIFFER, "confirm_password"), {}, RESET_FAILED), { status: 400 });
  }
  try {
    await chooseNewPassword(context, request, { storeId: context.storeId, token: parsed.data.token, password });
  } catch (error) {
    const failure = formFailure(error, {}, RESET_FAILED);
    return data(failure, { status: failure.status });
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSending("/reset-password");
  const placed = placeErrors(actionData?.errors, ["password", "confirm_password"]);

  if (!loaderData.token) {
    return (
      <AccountPanel title="Reset Password">
        <FormMessage tone="error">{INVALID_RESET_LINK_MESSAGE}</FormMessage>
        <p className="mt-6 text-center">
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </p>
      </AccountPanel>
    );
  }

  return (
    <AccountPanel title="Choose a New Password">
      <p className="mb-6">Choose a new password of at least 8 characters. You will be signed out on every other device.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField label="New Password" fresh error={placed.at.password} />
        <PasswordField label="Confirm New Password" name="confirm_password" fresh error={placed.at.confirm_password} />
        <SubmitButton busy={busy} label="Set New Password" busyLabel="Saving..." />
      </Form>
      <BackToSignIn />
    </AccountPanel>
  );
}
