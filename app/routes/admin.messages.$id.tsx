import { data, Form, redirect } from "react-router";
import { FormMessage, LabelledField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage, AdminSection, RecordIntro } from "~/components/admin/admin-page";
import { INBOX_NOTICES, MESSAGE_STATUS_LABELS } from "~/components/admin/inbox-notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { REPLY_MAX } from "@core/inbox-rules";
import { formFailure, formValues, foundOrNotFound, HttpError, markContactMessageSpam, openContactMessage, replyToContactMessage, requireStaffPage } from "./admin.messages.server";
import type { Route } from "./+types/admin.messages.$id";

export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded ? `Message from ${loaded.message.name || loaded.message.email}` : "Message");

const FIELDS = ["body"] as const;

/** The message's id from the address; anything that cannot be one is a page that does not exist. */
function idOf(params: { id: string }): number {
  if (!/^[1-9]\d{0,8}$/.test(params.id)) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Number(params.id);
}

/** Opening the message is reading it: a new one becomes read, as in any mail program. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaffPage(context, request, "customers");
  return { message: await foundOrNotFound(openContactMessage(context.db, actor, idOf(params))), notice: INBOX_NOTICES.of(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "customers");
  const id = idOf(params);
  const path = `/admin/messages/${id}`;
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const values = formValues(form, FIELDS);
  try {
    if (intent === "reply") {
      await replyToContactMessage(context, actor, id, values.body);
      return redirect(INBOX_NOTICES.onto(path, "reply-sent"));
    }
    if (intent === "spam" || intent === "not-spam") {
      await markContactMessageSpam(context.db, actor, id, intent === "spam");
      return redirect(INBOX_NOTICES.onto(path, intent === "spam" ? "marked-spam" : "not-spam"));
    }
    throw new HttpError(400, "Unknown action");
  } catch (error) {
    const failure = formFailure(error, values, "That did not work; please try again in a moment");
    return data({ ...failure, intent }, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, FIELDS);
  const spam = message.status === "spam";
  return (
    <AdminPage
      title={`Message from ${message.name || message.email}`}
      intro={
        <RecordIntro list="/admin/messages" listLabel="All messages">
          {MESSAGE_STATUS_LABELS[message.status]} · received <When at={message.createdAt} /> ·{" "}
        </RecordIntro>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}

      <AdminSection title="Message">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Name</dt>
          <dd>{message.name || "(not given)"}</dd>
          <dt className="font-medium">Email</dt>
          <dd className="break-all">{message.email}</dd>
          <dt className="font-medium">Phone</dt>
          <dd>{message.phone || "(not given)"}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap">{message.message || "(no message)"}</p>
      </AdminSection>

      {message.replies.length > 0 ? (
        <AdminSection title="Replies">
          <ul className="flex flex-col divide-y divide-black/10">
            {message.replies.map((reply) => (
              <li key={reply.id} className="py-2">
                <p className="text-sm">
                  {reply.authorLabel}, <When at={reply.createdAt} />
                </p>
                <p className="whitespace-pre-wrap">{reply.body}</p>
              </li>
            ))}
          </ul>
        </AdminSection>
      ) : null}

      {spam ? null : (
        <AdminSection title="Reply">
          <Form method="post" className="flex flex-col gap-4">
            <p className="text-sm">Sent by email to {message.email} from the shop; their answer comes back to the shop's address.</p>
            <LabelledField
              label="Your reply"
              error={placed.at.body}
              control={(control) => (
                <textarea name="body" rows={6} required maxLength={REPLY_MAX} defaultValue={actionData?.intent === "reply" ? actionData.values.body : ""} {...control} />
              )}
            />
            <div>
              <AdminButton name="intent" value="reply">
                Send reply
              </AdminButton>
            </div>
          </Form>
        </AdminSection>
      )}

      <AdminSection title={spam ? "Spam" : "Not a real message?"}>
        <Form method="post">
          {spam ? (
            <AdminButton weight="secondary" name="intent" value="not-spam">
              Not spam: move back to the inbox
            </AdminButton>
          ) : (
            <AdminButton weight="secondary" name="intent" value="spam">
              Mark as spam
            </AdminButton>
          )}
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
