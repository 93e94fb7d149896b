import { data, Form, redirect } from "react-router";
import { newApiTokenSchema, staffIdParamsSchema } from "@core/schemas/admin";
import { STAFF_ROLES } from "@core/staff-roles";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { ConfirmLink, ConfirmStep } from "~/components/admin/confirm-step";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ROLE_LABELS } from "~/components/admin/admin-screens";
import { NOTICES } from "~/components/admin/notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import {
  createApiToken,
  formFailure,
  formValues,
  HttpError,
  listApiTokens,
  requireStaffPage,
  revokeApiToken,
} from "./admin.tokens.server";
import type { Route } from "./+types/admin.tokens";

export const meta = () => adminMeta("API tokens");

const PATH = "/admin/tokens";
const NEW_TOKEN_FIELDS = ["name", "role"] as const;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "tokens");
  const url = new URL(request.url);
  return {
    tokens: await listApiTokens(context.db, context.storeId),
    confirmRevoke: Number(url.searchParams.get("revoke")) || null,
    notice: NOTICES.of(url),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "tokens");
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, [...NEW_TOKEN_FIELDS, "id"]);
  try {
    if (intent === "create") {
      const { token, secret } = await createApiToken(context.db, actor, newApiTokenSchema.parse(values));
      // Answered, not redirected: the token is in this one answer and nowhere else, never in an address.
      return { ok: true as const, created: { name: token.name, secret } };
    }
    if (intent === "revoke") {
      await revokeApiToken(context.db, actor, Number(staffIdParamsSchema.parse(values).id));
      return redirect(NOTICES.onto(PATH, "token-revoked"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "The change could not be saved; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status });
  }
}

export default function AdminTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens, confirmRevoke, notice } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const created = actionData?.ok ? actionData.created : undefined;
  const createErrors = placeErrors(failure?.intent === "create" ? failure.errors : undefined, NEW_TOKEN_FIELDS);
  const revokeError = failure?.intent === "revoke" ? failure.errors[0]?.error : undefined;
  return (
    <AdminPage
      title="API tokens"
      intro={<p>A script sends its token as <code>Authorization: Bearer …</code> and may do what the token's role may.</p>}
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {created ? (
        <section aria-label="New token" className="rounded-lg border-2 border-green-800 bg-green-50 p-4 sm:p-6">
          <h2 className="mb-2 text-xl font-semibold">Token “{created.name}” created</h2>
          <p className="mb-3" id="new-token-hint">
            Copy it now and keep it somewhere safe: it is shown this once. The shop keeps only a fingerprint of it.
          </p>
          <label htmlFor="new-token" className="mb-1 block font-medium">
            Token
          </label>
          <input
            id="new-token"
            readOnly
            value={created.secret}
            aria-describedby="new-token-hint"
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded border border-black/30 bg-white px-3 py-2 font-mono text-sm"
          />
        </section>
      ) : null}

      <AdminSection title="Tokens">
        {revokeError ? <FormMessage tone="error" className="mb-3">{revokeError}</FormMessage> : null}
        {tokens.length === 0 ? (
          <p>No tokens yet.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {tokens.map((token) => (
              <li key={token.id} className="rounded border border-black/15 p-4">
                <h3 className="text-lg font-semibold break-words">{token.name}</h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-medium">Role</dt>
                  <dd>{ROLE_LABELS[token.role]}</dd>
                  <dt className="font-medium">Created</dt>
                  <dd>
                    <When at={token.createdAt} />
                  </dd>
                  <dt className="font-medium">Last used</dt>
                  <dd>{token.lastUsedAt ? <When at={token.lastUsedAt} /> : "Never"}</dd>
                  <dt className="font-medium">Revoked</dt>
                  <dd>{token.revokedAt ? <When at={token.revokedAt} /> : "No"}</dd>
                </dl>
                {token.revokedAt ? null : confirmRevoke === token.id ? (
                  <ConfirmStep
                    question={`Revoke “${token.name}”? Scripts using it are refused from their next request.`}
                    intent="revoke"
                    id={token.id}
                    confirmLabel={`Revoke ${token.name}`}
                    cancelTo={PATH}
                  />
                ) : (
                  <ConfirmLink to={`${PATH}?revoke=${token.id}`} label="Revoke" target={token.name} />
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminSection>

      <AdminSection title="Create a token">
        {/* Keyed by the token just made: once one is, the form starts empty for the next. */}
        <Form key={created?.secret} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          {createErrors.form ? <FormMessage tone="error" className="sm:col-span-2">{createErrors.form}</FormMessage> : null}
          <TextField label="Name" name="name" autoComplete="off" required defaultValue={failure?.intent === "create" ? failure.values.name : undefined} error={createErrors.at.name} />
          <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={failure?.intent === "create" ? failure.values.role : "fulfilment"} error={createErrors.at.role} />
          <div className="sm:col-span-2">
            <AdminButton name="intent" value="create">
              Create token
            </AdminButton>
          </div>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
