import { data, Form, redirect } from "react-router";
import { passwordChangeSchema, secondStepCodeSchema, totpCodeSchema } from "@core/schemas/admin";
import { AuthenticatorCodeField, FormMessage, PasswordField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminHeaders, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ROLE_LABELS } from "~/components/admin/admin-screens";
import { NOTICES } from "~/components/admin/notices";
import { placeErrors } from "~/lib/form-error";
import {
  backupCodesLeft,
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  enrolTotp,
  formFailure,
  formValues,
  HttpError,
  isTotpRequired,
  qrCodeSvg,
  renewBackupCodes,
  requestClientIp,
  requireStaffPage,
  retryAfterHeader,
  setOrderNotices,
  staffSessionToken,
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
    backupCodesLeft: await backupCodesLeft(context.db, member.id),
    notice: NOTICES.of(new URL(request.url)),
  };
}

type Enrolment = { secret: string; uri: string; qrSvg: string };

const PASSWORD_FIELDS = ["current_password", "password"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { member, actor } = await requireStaffPage(context, request, "own-account");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, ["code", "secret", "uri", ...PASSWORD_FIELDS]);
  const shown = (backupCodes: string[]) => ({ ok: true as const, enrolment: null, backupCodes });
  try {
    if (intent === "enrol") return { ok: true as const, enrolment: await enrolTotp(context.db, context.storeId, member.id), backupCodes: null };
    // Shown on this answer only, never after a redirect: the codes are kept nowhere but in their hashes.
    if (intent === "confirm") return shown(await confirmTotp(context.db, actor, member.id, totpCodeSchema.parse(values).code));
    if (intent === "backup-codes") return shown(await renewBackupCodes(context, actor, member.id, secondStepCodeSchema.parse(values).code));
    if (intent === "disable") {
      await disableTotp(context, actor, member.id, secondStepCodeSchema.parse(values).code);
      return redirect(NOTICES.onto(PATH, "totp-off"));
    }
    if (intent === "password") {
      const parsed = passwordChangeSchema.parse(values);
      await changeOwnPassword(context, actor, {
        staffId: member.id,
        currentPassword: parsed.current_password,
        newPassword: parsed.password,
        clientIp: requestClientIp(request),
        keepToken: staffSessionToken(request),
      });
      return redirect(NOTICES.onto(PATH, "password-changed"));
    }
    if (intent === "order-notices-on" || intent === "order-notices-off") {
      await setOrderNotices(context.db, actor, member.id, intent === "order-notices-on");
      return redirect(NOTICES.onto(PATH, intent));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, { code: values.code }, "Your account could not be changed; please try again");
    // A mistyped code keeps the enrolment on screen: the key is the one this member was just shown.
    const enrolment: Enrolment | null =
      intent === "confirm" && values.secret && values.uri ? { secret: values.secret, uri: values.uri, qrSvg: await qrCodeSvg(values.uri) } : null;
    return data({ ...failure, intent, enrolment }, { status: failure.status, headers: retryAfterHeader(error) });
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
      {enrolment ? (
        <AuthenticatorCodeField label="Code from your authenticator app" error={error} />
      ) : (
        <AuthenticatorCodeField label="Code from your authenticator app, or a backup code" error={error} orBackupCode />
      )}
      <AdminButton name="intent" value={intent} weight={danger ? "danger" : "primary"}>
        {label}
      </AdminButton>
    </Form>
  );
}

/** The QR code the server drew of the otpauth:// address, beside the key for typing it in. */
function EnrolmentKey({ enrolment }: { enrolment: Enrolment }) {
  return (
    <>
      <p>Scan this QR code with your authenticator app, or add an account in the app and type in the key beside it.</p>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label="QR code of your two-step sign-in key, for your authenticator app's camera"
          className="h-48 w-48 shrink-0 border border-black/15 bg-white [&>svg]:h-full [&>svg]:w-full"
          // Drawn by the qrcode package on the server from the address alone: paths and rectangles, nothing typed.
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="min-w-0">
          <p className="font-medium">Key</p>
          <p className="mt-1 font-mono text-lg break-all">
            {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
          </p>
          <details className="mt-2">
            <summary className="cursor-pointer underline">Or use the setup address (otpauth)</summary>
            <p className="mt-1 font-mono text-sm break-all">{enrolment.uri}</p>
          </details>
        </div>
      </div>
    </>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div role="region" aria-labelledby="backup-codes-title" className="mb-4 rounded border-2 border-ink p-4">
      <h3 id="backup-codes-title" className="text-lg font-semibold">
        Your backup codes
      </h3>
      <p className="my-2">
        Keep them somewhere safe, away from your phone: each signs you in once in place of the app's code. They are shown
        only now.
      </p>
      <ol aria-label="Backup codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-lg sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { member, setupRequired, totpRequired, backupCodesLeft, notice } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const enrolment = actionData?.enrolment;
  const backupCodes = actionData?.ok ? actionData.backupCodes : null;
  const codeErrors = placeErrors(failure?.intent === "password" ? undefined : failure?.errors, ["code"]);
  const passwordErrors = placeErrors(failure?.intent === "password" ? failure.errors : undefined, PASSWORD_FIELDS);
  // Turned on just now: the loader read the account before the action's change.
  const totpOn = member.totpEnabled || backupCodes !== null;
  return (
    <AdminPage title="Your account">
      {setupRequired && !totpOn ? <FormMessage tone="error">{setupRequired}</FormMessage> : null}
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
        {backupCodes ? <FormMessage tone="success" className="mb-4">Two-step sign-in is on.</FormMessage> : null}
        <p className="mb-4">
          {totpOn
            ? "On: signing in asks for your password and a code from your authenticator app."
            : "Off: signing in asks for your password only. An authenticator app adds a code that changes every 30 seconds."}
        </p>
        {codeErrors.form ? <FormMessage tone="error" className="mb-4">{codeErrors.form}</FormMessage> : null}
        {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
        {totpOn ? (
          <div className="flex flex-col gap-6">
            <div>
              <h3 className="mb-2 text-lg font-semibold">Backup codes</h3>
              <p className="mb-3">
                {backupCodes ? backupCodes.length : backupCodesLeft} of 10 left. New ones replace them all, used or not.
              </p>
              <CodeForm intent="backup-codes" label="Make new backup codes" error={failure?.intent === "backup-codes" ? codeErrors.at.code : undefined} />
            </div>
            {totpRequired ? (
              <p>The owner requires two-step sign-in for every account, so it stays on.</p>
            ) : (
              <div>
                <h3 className="mb-2 text-lg font-semibold">Turn it off</h3>
                <CodeForm intent="disable" label="Turn off two-step sign-in" error={failure?.intent === "disable" ? codeErrors.at.code : undefined} danger />
              </div>
            )}
          </div>
        ) : enrolment ? (
          <div className="flex flex-col gap-4">
            <ol className="list-decimal space-y-3 pl-5">
              <li>
                <EnrolmentKey enrolment={enrolment} />
              </li>
              <li>Enter the 6-digit code the app shows to turn two-step sign-in on. You then get ten backup codes.</li>
            </ol>
            <CodeForm intent="confirm" label="Turn on two-step sign-in" error={codeErrors.at.code} enrolment={enrolment} />
          </div>
        ) : (
          <Form method="post">
            <AdminButton name="intent" value="enrol">
              Set up two-step sign-in
            </AdminButton>
          </Form>
        )}
      </AdminSection>

      <AdminSection title="Password">
        <p className="mb-4">A new password signs out every other browser signed in as you.</p>
        <Form method="post" className="flex flex-col gap-4 sm:max-w-sm" noValidate>
          {passwordErrors.form ? <FormMessage tone="error">{passwordErrors.form}</FormMessage> : null}
          <PasswordField label="Current password" name="current_password" error={passwordErrors.at.current_password} />
          <PasswordField label="New password" fresh error={passwordErrors.at.password} />
          <AdminButton name="intent" value="password">
            Change password
          </AdminButton>
        </Form>
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
