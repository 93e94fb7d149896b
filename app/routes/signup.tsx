import { data, Form, Link, redirect } from "react-router";
import { signupSchema } from "@core/schemas/auth";
import { AccountPanel, EmailField, FormMessage, PasswordField, SubmitButton, TextField, useSending } from "~/components/account/form-parts";
import { placeErrors } from "~/lib/form-error";
import { formFailure, formValues, signUp } from "./signup.server";
import type { Route } from "./+types/signup";

const SIGNUP_FALLBACK = "Signup failed";

export function meta() {
  return [{ title: "Create Account" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["first_name", "last_name", "email", "password"]);
  const parsed = signupSchema.safeParse({ ...values, store_id: context.storeId });
  if (!parsed.success) return data(formFailure(parsed.error, values, SIGNUP_FALLBACK), { status: 400 });
  try {
    await signUp(context, request, {
      storeId: context.storeId,
      email: parsed.data.email,
      password: parsed.data.password,
      firstName: parsed.data.first_name,
      lastName: parsed.data.last_name,
    });
  } catch (error) {
    const failure = formFailure(error, values, SIGNUP_FALLBACK);
    return data(failure, { status: failure.status });
  }
  return redirect("/login?created=1");
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const busy = useSending("/signup");
  const failure = actionData?.ok === false ? actionData : undefined;
  const { at: fieldErrors, form } = placeErrors(failure?.errors, ["first_name", "last_name", "email", "password"]);
  const values: Record<string, string | undefined> = failure?.values ?? {};
  const formError = form === undefined ? undefined : form || SIGNUP_FALLBACK;
  return (
    <AccountPanel title="Create Account">
      <p className="mb-6">Create an account to see your orders in one place.</p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <TextField
          label="First Name"
          name="first_name"
          autoComplete="given-name"
          required
          defaultValue={values.first_name}
          error={fieldErrors.first_name}
        />
        <TextField
          label="Last Name"
          name="last_name"
          autoComplete="family-name"
          required
          defaultValue={values.last_name}
          error={fieldErrors.last_name}
        />
        <EmailField defaultValue={values.email} error={fieldErrors.email} />
        <PasswordField fresh error={fieldErrors.password} />
        <SubmitButton busy={busy} label="Create Account" />
      </Form>
      <p className="mt-6 text-center">
        Already have an account?{" "}
        <Link to="/login" className="font-medium underline">
          Sign in
        </Link>
      </p>
    </AccountPanel>
  );
}
