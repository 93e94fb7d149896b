import { data, Form, redirect } from "react-router";
import { totpCodeSchema } from "@core/schemas/admin";
import { AuthenticatorCodeField, FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ROLE_LABELS } from "~/components/admin/admin-screens";
import { NOTICES } from "~/components/admin/notices";
import { placeErrors } from "~/lib/form-error";
import {
  confirmTotp,
  disableTotp,
  enrolTotp,
  formFailure,
  formValues,
  HttpError,
  isTotpRequired,
  requireStaffPage,
  retryAfterHeader,
  setOrderNotices,
  TOTP_REQUIRED_MESSAGE,
} from "./admin.account.server";
import type { Route } from "./+types/admin.account";

// Its own, not the layout's: only a route's own headers see its action's, and a refused code keeps its Retry-After.
export const headers = adminHeaders;
export const meta = () => adminMeta("Your account");

const PATH = "/admin/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member, totpSetupRequired } = await requireStaffPage(context, request, "own-account");
  return {
    member: { name: member.name, email: member.email, role: member.role, totpEnabled: member.totpEnabled, orderNotices: member.orderNotices },
    /** The server's words, when the owner requires two-step sign-in and this member has none yet. */
    setupRequired: totpSetupRequired ? TOTP_REQUIRED_MESSAGE : null,
    totpRequired: await isTotpRequired(context.db, context.storeId),
    notice: NOTICES.of(new URL(request.url)),
  };
}

type Enrolment = { secret: string; uri: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { member, actor } = await requireStaffPage(context, request, "own-account");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, ["code", "secret", "uri"]);
  // A mistyped code keeps the enrolment on screen: the secret is the one this member was just shown.
  const enrolment: Enrolment | null = values.secret && values.uri ? { secret: values.secret, uri: values.uri } : null;
  try {
    if (intent === "enrol") return { ok: true as const, enrolment: await enrolTotp(context.db, context.storeId, member.id) };
    if (intent === "confirm") {
      await confirmTotp(context.db, actor, member.id, totpCodeSchema.parse(values).code);
      return redirect(NOTICES.onto(PATH, "totp-on"));
    }
    if (intent === "disable") {
      await disableTotp(context, actor, member.id, totpCodeSchema.parse(values).code);
      return redirect(NOTICES.onto(PATH, "totp-off"));
    }
    if (intent === "order-notices-on" || intent === "order-notices-off") {
      await setOrderNotices(context.db, actor, member.id, intent === "order-notices-on");
      return redirect(NOTICES.onto(PATH, intent));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, { code: values.code }, "Two-step sign-in could not be changed; please try again");
    return data({ ...failure, intent, enrolment: intent === "confirm" ? enrolment : null }, { status: failure.status, headers: retryAfterHeader(error) });
  }
}

function CodeForm({ intent, label, error, enrolment, danger }: { intent: string; label: string; error?: string; enrolment?: Enrolment; danger?: boolean }) {
  return (
    <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
      {enrolment ? (
        <>
          <input type="hidden" name="secret" value={enrolment.secret} />
          <input type="hidden" name="uri" value={enrolment.uri} />
        </>
      ) : null}
      <AuthenticatorCodeField label="Code from your authenticator app" error={error} />
      <AdminButton name="intent" value={intent} weight={danger ? "danger" : "primary"}>
        {label}
      </AdminButton>
    </Form>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { member, setupRequired, totpRequired, notice } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const enrolment = actionData?.ok ? actionData.enrolment : failure?.enrolment;
  const placed = placeErrors(failure?.errors, ["code"]);
  return (
    <AdminPage title="Your account">
      {setupRequired ? <FormMessage tone="error">{setupRequired}</FormMessage> : null}
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <AdminSection title="You">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium">Name</dt>
          <dd>{member.name}</dd>
          <dt className="font-medium">Email</dt>
          <dd className="break-all">{member.email}</dd>
          <dt className="font-medium">Role</dt>
          <dd>{ROLE_LABELS[member.role]}</dd>
        </dl>
      </AdminSection>

      <AdminSection title="Two-step sign-in">
        <p className="mb-4">
          {member.totpEnabled
            ? "On: signing in asks for your password and a code from your authenticator app."
            : "Off: signing in asks for your password only. An authenticator app adds a code that changes every 30 seconds."}
        </p>
        {placed.form ? <FormMessage tone="error" className="mb-4">{placed.form}</FormMessage> : null}
        {member.totpEnabled ? (
          totpRequired ? (
            <p>The owner requires two-step sign-in for every account, so it stays on.</p>
          ) : (
            <CodeForm intent="disable" label="Turn off two-step sign-in" error={placed.at.code} danger />
          )
        ) : enrolment ? (
          <div className="flex flex-col gap-4">
            <ol className="list-decimal space-y-3 pl-5">
              <li>
                In your authenticator app, add an account and type in this key:
                <p className="mt-1 font-mono text-lg break-all">
                  {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
                </p>
                <details className="mt-2">
                  <summary className="cursor-pointer underline">Or use the setup address (otpauth)</summary>
                  <p className="mt-1 font-mono text-sm break-all">{enrolment.uri}</p>
                </details>
              </li>
              <li>Enter the 6-digit code the app shows to turn two-step sign-in on.</li>
            </ol>
            <CodeForm intent="confirm" label="Turn on two-step sign-in" error={placed.at.code} enrolment={enrolment} />
          </div>
        ) : (
          <Form method="post">
            <AdminButton name="intent" value="enrol">
              Set up two-step sign-in
            </AdminButton>
          </Form>
        )}
      </AdminSection>

      <AdminSection title="Order emails">
        <p className="mb-4">
          {member.orderNotices
            ? "On: you are emailed of every paid order, as the shop's owner address is."
            : "Off: the shop's owner address is emailed of every paid order; you are not."}
        </p>
        <Form method="post">
          <AdminButton name="intent" value={member.orderNotices ? "order-notices-off" : "order-notices-on"} weight="secondary">
            {member.orderNotices ? "Stop emailing me paid orders" : "Email me every paid order"}
          </AdminButton>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
