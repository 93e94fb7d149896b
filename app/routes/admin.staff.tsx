import { data, Form, redirect } from "react-router";
import { newStaffSchema, staffIdParamsSchema, staffRoleChangeSchema } from "@core/schemas/admin";
import { STAFF_ROLES } from "@core/staff-roles";
import { FormMessage, PasswordField, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ROLE_LABELS } from "~/components/admin/admin-screens";
import { NOTICES } from "~/components/admin/notices";
import { placeErrors } from "~/lib/form-error";
import {
  changeStaffRole,
  createStaff,
  formFailure,
  formValues,
  HttpError,
  isTotpRequired,
  listStaff,
  removeStaff,
  requireStaffPage,
  sendStaffPasswordReset,
  setTotpRequired,
} from "./admin.staff.server";
import type { Route } from "./+types/admin.staff";

export const meta = () => adminMeta("Staff");

const PATH = "/admin/staff";
const NEW_STAFF_FIELDS = ["email", "name", "role", "password"] as const;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireStaffPage(context, request, "staff");
  const url = new URL(request.url);
  const [staff, totpRequired] = await Promise.all([listStaff(context.db, context.storeId), isTotpRequired(context.db, context.storeId)]);
  return {
    me: member.id,
    staff,
    totpRequired,
    confirmRemove: Number(url.searchParams.get("remove")) || null,
    notice: NOTICES.of(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "staff");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, [...NEW_STAFF_FIELDS, "id", "totp_required"]);
  try {
    if (intent === "add") {
      await createStaff(context.db, actor, newStaffSchema.parse(values));
      return redirect(NOTICES.onto(PATH, "staff-added"));
    }
    if (intent === "policy") {
      await setTotpRequired(context.db, actor, values.totp_required === "true");
      return redirect(NOTICES.onto(PATH, "policy-saved"));
    }
    const id = Number(staffIdParamsSchema.parse(values).id);
    if (intent === "role") {
      await changeStaffRole(context.db, actor, id, staffRoleChangeSchema.parse(values).role);
      return redirect(NOTICES.onto(PATH, "staff-role"));
    }
    if (intent === "send-reset") {
      await sendStaffPasswordReset(context, actor, id);
      return redirect(NOTICES.onto(PATH, "reset-sent"));
    }
    if (intent === "remove") {
      await removeStaff(context.db, actor, id);
      return redirect(NOTICES.onto(PATH, "staff-removed"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status });
  }
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me, totpRequired, confirmRemove, notice } = loaderData;
  const failure = actionData;
  const addErrors = placeErrors(failure?.intent === "add" ? failure.errors : undefined, NEW_STAFF_FIELDS);
  const memberFailure = (id: number) =>
    failure && ["role", "remove", "send-reset"].includes(failure.intent) && failure.values.id === String(id)
      ? failure.errors[0]?.error
      : undefined;
  return (
    <AdminPage title="Staff" intro={<p>Who can sign in to the back office, and what their role lets them do.</p>}>
      {notice && !failure ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <AdminSection title={`Staff accounts (${staff.length})`}>
        <ul className="grid gap-4 md:grid-cols-2">
          {staff.map((member) => {
            const error = memberFailure(member.id);
            return (
              <li key={member.id} className="rounded border border-black/15 p-4">
                <h3 className="text-lg font-semibold break-words">
                  {member.name}
                  {member.id === me ? <span className="font-normal"> (you)</span> : null}
                </h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-medium">Email</dt>
                  <dd className="break-all">{member.email}</dd>
                  <dt className="font-medium">Role</dt>
                  <dd>{ROLE_LABELS[member.role]}</dd>
                  <dt className="font-medium">Two-step sign-in</dt>
                  <dd>{member.totpEnabled ? "On" : "Off"}</dd>
                </dl>
                {error ? <FormMessage tone="error" className="mt-3">{error}</FormMessage> : null}
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={member.id} />
                  <div className="min-w-40 flex-1">
                    <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={member.role} />
                  </div>
                  <AdminButton name="intent" value="role" weight="secondary">
                    Change role<span className="sr-only"> of {member.name}</span>
                  </AdminButton>
                </Form>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={member.id} />
                  <AdminButton name="intent" value="send-reset" weight="secondary">
                    Email a password reset link<span className="sr-only"> to {member.name}</span>
                  </AdminButton>
                </Form>
                {confirmRemove === member.id ? (
                  <ConfirmStep
                    question={`Remove ${member.name}? They are signed out and can no longer sign in; the audit trail keeps their actions.`}
                    intent="remove"
                    id={member.id}
                    confirmLabel={`Remove ${member.name}`}
                    cancelTo={PATH}
                  />
                ) : (
                  <ConfirmLink to={`${PATH}?remove=${member.id}`} label="Remove" target={member.name} />
                )}
              </li>
            );
          })}
        </ul>
      </AdminSection>

      <AdminSection title="Add a staff member">
        {/* Keyed by the newest member: once one is added, the form starts empty for the next. */}
        <Form key={staff.at(-1)?.id} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          {addErrors.form ? <FormMessage tone="error" className="sm:col-span-2">{addErrors.form}</FormMessage> : null}
          <TextField label="Email" name="email" type="email" autoComplete="off" required defaultValue={failure?.intent === "add" ? failure.values.email : undefined} error={addErrors.at.email} />
          <TextField label="Name" name="name" autoComplete="off" required defaultValue={failure?.intent === "add" ? failure.values.name : undefined} error={addErrors.at.name} />
          <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={failure?.intent === "add" ? failure.values.role : "fulfilment"} error={addErrors.at.role} />
          <PasswordField label="Initial password" fresh error={addErrors.at.password} />
          <div className="sm:col-span-2">
            <AdminButton name="intent" value="add">
              Add staff member
            </AdminButton>
          </div>
        </Form>
      </AdminSection>

      <AdminSection title="Two-step sign-in for everyone">
        <p className="mb-3">
          {totpRequired
            ? "Required: every staff account must use an authenticator app to sign in."
            : "Optional: each staff member decides whether to use an authenticator app."}{" "}
          When it is required, anyone without it is asked to set it up before anything else.
        </p>
        {failure?.intent === "policy" && failure.errors[0] ? <FormMessage tone="error" className="mb-3">{failure.errors[0].error}</FormMessage> : null}
        <Form method="post">
          <input type="hidden" name="totp_required" value={String(!totpRequired)} />
          <AdminButton name="intent" value="policy" weight="secondary">
            {totpRequired ? "Stop requiring two-step sign-in" : "Require two-step sign-in"}
          </AdminButton>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
