import { data, Form, Link, redirect, useNavigation } from "react-router";
import { INVALID_RESET_LINK_MESSAGE } from "@core/account-messages";
import { resetPasswordSchema } from "@core/schemas/auth";
import { AccountPanel, BackToSignIn, FormMessage, privatePageHeaders, SubmitButton, TextField } from "~/components/account/form-parts";
import { failureOf, invalidForm, resetTokenIsUsable, chooseNewPassword } from "./reset-password.server";
import type { Route } from "./+types/reset-password";

const PASSWORDS_DIFFER = "The passwords do not match";

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
  if (!parsed.success) {
    const failure = invalidForm(parsed.error, {});
    return data({ status: 400, error: undefined, fieldErrors: failure.fieldErrors }, { status: 400 });
  }
  if (password !== String(form.get("confirm_password") ?? "")) {
    return data({ status: 400, error: undefined, fieldErrors: { confirm_password: PASSWORDS_DIFFER } }, { status: 400 });
  }
  try {
    await chooseNewPassword(context, request, { storeId: context.storeId, token: parsed.data.token, password });
  } catch (error) {
    const failure = failureOf(error, {}, "Something went wrong. Please try again.");
    return data({ status: failure.status, error: failure.error, fieldErrors: failure.fieldErrors }, { status: failure.status });
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};

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
        {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.password ?? fieldErrors.token}
        />
        <TextField
          label="Confirm New Password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.confirm_password}
        />
        <SubmitButton busy={busy} label="Set New Password" busyLabel="Saving..." />
      </Form>
      <BackToSignIn />
    </AccountPanel>
  );
}
