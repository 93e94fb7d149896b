import { useEffect, useState } from "react";
import { data, Form } from "react-router";
import { RESET_REQUESTED_MESSAGE } from "@core/account-messages";
import { forgotPasswordSchema } from "@core/schemas/auth";
import { AccountPanel, BackToSignIn, EmailField, FormMessage, SubmitButton, useSending } from "~/components/account/form-parts";
import { AlertDialog } from "~/components/ui/dialog";
import { placeErrors } from "~/lib/form-error";
import { forgotPassword, formFailure, formValues } from "./forgot-password.server";
import type { Route } from "./+types/forgot-password";

/** What a failed reset request tells the shopper (docs/product.md, Messages). */
const RESET_FAILED = "Failed to send reset link. Please reach out to our support team for assistance.";

export function meta() {
  return [{ title: "Reset Password" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["email"]);
  const parsed = forgotPasswordSchema.safeParse({ ...values, store_id: context.storeId });
  if (!parsed.success) return data(formFailure(parsed.error, values, RESET_FAILED), { status: 400 });
  try {
    await forgotPassword(context, request, { storeId: context.storeId, email: parsed.data.email });
    return { ok: true as const, message: RESET_REQUESTED_MESSAGE };
  } catch (error) {
    const failure = formFailure(error, values, RESET_FAILED);
    return data(failure, { status: failure.status });
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useSending("/forgot-password");
  const failure = actionData?.ok === false ? actionData : undefined;
  const placed = placeErrors(failure?.errors, ["email"]);
  const sendFailed = placed.form !== undefined;
  const [alertOpen, setAlertOpen] = useState(false);
  useEffect(() => setAlertOpen(sendFailed), [sendFailed, actionData]);

  return (
    <AccountPanel title="Reset Password">
      <p className="mb-6">Enter your email address and we&apos;ll send you instructions to reset your password.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.ok ? <FormMessage tone="success">{actionData.message}</FormMessage> : null}
        {sendFailed ? <FormMessage tone="error">{RESET_FAILED}</FormMessage> : null}
        <EmailField defaultValue={failure?.values.email} error={placed.at.email} />
        <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
      </Form>
      <BackToSignIn />
      <AlertDialog open={alertOpen} onClose={() => setAlertOpen(false)} title="Error" message={RESET_FAILED} tone="error" />
    </AccountPanel>
  );
}
