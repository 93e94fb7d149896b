/**
 * The outbox as a mailbox, newest first, for inspecting the shop's email without an SMTP server. Open outside
 * production; in production only to the signed-in owner (it holds customers' password-reset links), through the
 * back office's sign-in.
 */
import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/dev-mailbox";
import { newestOutboxMessages, requireStaffPage } from "./dev-mailbox.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.config.NODE_ENV === "production") await requireStaffPage(context, request, "outbox");
  const messages = await newestOutboxMessages(context.db, 100);
  return data(
    {
      messages: messages.map((message) => ({
        id: message.id,
        to: message.to,
        subject: message.subject,
        kind: message.kind,
        text: message.text,
        createdAt: message.createdAt.toISOString(),
        sent: message.sentAt !== null,
        failedReason: message.failedAt ? message.lastError : null,
        retrying: message.sentAt === null && message.failedAt === null && message.nextAttemptAt !== null,
        attachments: message.attachments,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta() {
  return [{ title: "Mailbox" }, { name: "robots", content: "noindex" }];
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-heading text-3xl">Mailbox</h1>
      {loaderData.messages.length === 0 ? (
        <p className="mt-4">No messages yet.</p>
      ) : (
        <ol className="mt-6 space-y-6">
          {loaderData.messages.map((message) => (
            <li key={message.id}>
              <article className="rounded bg-card p-4" aria-labelledby={`mail-${message.id}`}>
                <h2 id={`mail-${message.id}`} className="font-semibold">
                  {message.subject}
                </h2>
                <p className="text-sm">
                  To {message.to} · {message.kind} · {new Date(message.createdAt).toUTCString()}
                  {message.sent ? " · delivered" : ""}
                  {message.retrying ? " · not delivered yet, trying again" : ""}
                </p>
                {message.failedReason !== null && (
                  <p className="text-sm font-semibold">Delivery failed: {message.failedReason}</p>
                )}
                <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">{message.text}</pre>
                {message.attachments.length > 0 ? (
                  <ul className="mt-3 text-sm" aria-label={`Attachments of ${message.subject}`}>
                    {message.attachments.map((filename) => (
                      <li key={filename}>
                        Attachment:{" "}
                        <a href={`/dev/mailbox/${message.id}/attachments/${encodeURIComponent(filename)}`} className="underline" download>
                          {filename}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-heading text-3xl">{status === 403 ? "Not allowed: the mailbox is for the shop's owner" : "Page not found"}</h1>
    </section>
  );
}
