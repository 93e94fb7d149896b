import { useEffect, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { ACCOUNT_NOT_FOUND_MESSAGE, SIGNED_UP_MESSAGE } from "@core/account-messages";
import { loginSchema } from "@core/schemas/auth";
import { AccountPanel, EmailField, FormMessage, PasswordField, privatePageHeaders, SubmitButton, useSending } from "~/components/account/form-parts";
import { AlertDialog } from "~/components/ui/dialog";
import { placeErrors } from "~/lib/form-error";
import { currentCustomer, formFailure, formValues, setCookies, signIn, signOut } from "./login.server";
import type { Route } from "./+types/login";

/** docs/product.md, Messages: the login failures as the shopper sees them. */
const LOGIN_SERVER_ERROR = "Something went wrong. Please try again after some time";
const LOGIN_FALLBACK = "Login failed. Please try again.";
const LOGOUT_FAILED = "Logout failed";

export function meta() {
  return [{ title: "Sign In" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await currentCustomer(context, request);
  const url = new URL(request.url);
  const notice = url.searchParams.get("created")
    ? SIGNED_UP_MESSAGE
    : url.searchParams.get("reset")
      ? "Your password has been changed. Please sign in with your new password."
      : undefined;
  return { customer, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();

  if (form.get("intent") === "logout") {
    try {
      return redirect("/login", { headers: setCookies(await signOut(context, request)) });
    } catch (error) {
      return data(formFailure(error, {}, LOGOUT_FAILED), { status: 500 });
    }
  }

  const values = formValues(form, ["email", "password"]);
  const parsed = loginSchema.safeParse({ ...values, store_id: context.storeId });
  if (!parsed.success) return data(formFailure(parsed.error, values, LOGIN_SERVER_ERROR), { status: 400 });
  try {
    const { cookies } = await signIn(context, request, {
      storeId: context.storeId,
      email: parsed.data.email,
      password: parsed.data.password,
    });
    return redirect("/login", { headers: setCookies(cookies) });
  } catch (error) {
    const failure = formFailure(error, values, LOGIN_SERVER_ERROR);
    return data(failure, { status: failure.status });
  }
}

function loginErrorText(status: number, error: string): string {
  if (status === 401) return ACCOUNT_NOT_FOUND_MESSAGE;
  if (status >= 500) return LOGIN_SERVER_ERROR;
  return error || LOGIN_FALLBACK;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, notice } = loaderData;
  const busy = useSending("/login");
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const [alertOpen, setAlertOpen] = useState(false);
  useEffect(() => setAlertOpen(failure?.status === 401), [failure]);

  if (customer) {
    return (
      <AccountPanel title="Sign In">
        <p className="mb-6">Welcome back! You are signed in.</p>
        <div className="rounded border border-black/10 bg-surface p-4" aria-label="Your profile" role="group">
          <p className="text-lg font-semibold">
            {customer.firstName} {customer.lastName}
          </p>
          <p>{customer.email}</p>
          <dl className="mt-3 flex gap-2">
            <dt className="font-medium">Account Status</dt>
            <dd className="text-green-800">Active</dd>
          </dl>
        </div>
        {failure ? <FormMessage tone="error" className="mt-4">{LOGOUT_FAILED}</FormMessage> : null}
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/profile" className="text-center font-medium underline">
            Your orders
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="logout" />
            <SubmitButton busy={busy} label="Logout" />
          </Form>
        </div>
      </AccountPanel>
    );
  }

  const placed = placeErrors(failure?.errors, ["email", "password"]);
  const formError = failure && placed.form !== undefined ? loginErrorText(failure.status, placed.form) : undefined;
  return (
    <AccountPanel title="Sign In">
      <p className="mb-6">Welcome back! Sign in to see your orders and check out faster.</p>
      {notice ? <FormMessage tone="success" className="mb-4">{notice}</FormMessage> : null}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <EmailField defaultValue={failure?.values.email ?? ""} error={placed.at.email} />
        <PasswordField error={placed.at.password} />
        <SubmitButton busy={busy} label="Sign In" />
      </Form>
      <div className="mt-6 flex flex-col gap-2 text-center">
        <Link to="/forgot-password" className="underline">
          Forgot your password?
        </Link>
        <p>
          New here?{" "}
          <Link to="/signup" className="font-medium underline">
            Create an account
          </Link>
        </p>
        <p>
          Ordered as a guest?{" "}
          <Link to="/orders/lookup" className="font-medium underline">
            Check an order&apos;s status
          </Link>
        </p>
      </div>
      <AlertDialog
        open={alertOpen}
        onClose={() => setAlertOpen(false)}
        title="Account Not Found"
        message="Please check your email and password and try again."
        tone="error"
      />
    </AccountPanel>
  );
}
