import { data, Form, redirect, useLocation } from "react-router";
import { FormMessage, TextField } from "~/components/account/form-parts";
import { AdminButton, SelectField } from "~/components/admin/admin-form";
import { AdminTable, listAddress, ListPages } from "~/components/admin/admin-list";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminHeaders, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { inboxNoticeOf, listBack, SUBSCRIBER_FILTERS, withInboxNotice } from "~/components/admin/inbox-notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { formFailure, HttpError, readSubscriberList, requireStaffPage, unsubscribeSubscriber } from "./admin.subscribers.server";
import type { Route } from "./+types/admin.subscribers";

export const headers = adminHeaders;
export const meta = () => adminMeta("Subscribers");

const PATH = "/admin/subscribers";
const STATUS_OPTIONS = [
  { value: "", label: "Any" },
  { value: "subscribed", label: "Subscribed" },
  { value: "unsubscribed", label: "Unsubscribed" },
];
const COLUMNS = [{ label: "Email" }, { label: "Signed up" }, { label: "From" }, { label: "Status" }];
const SOURCE_LABELS = { footer: "Footer form", popup: "Welcome popup" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  const url = new URL(request.url);
  const { status, ...list } = await readSubscriberList(context, url);
  const loaded = { ...list, notice: inboxNoticeOf(url) };
  return status === 200 ? loaded : data(loaded, { status, headers: ADMIN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "customers");
  const form = await request.formData();
  const back = String(form.get("back") ?? "");
  try {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, "Unknown subscriber");
    await unsubscribeSubscriber(context.db, actor, id);
    return redirect(withInboxNotice(listBack(back, PATH, new URL(request.url).origin), "unsubscribed"));
  } catch (error) {
    const failure = formFailure(error, {}, "That did not work; please try again in a moment");
    return data(failure, { status: failure.status, headers: ADMIN_PAGE_HEADERS });
  }
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { asked, subscribers, nextCursor, errors, notice } = loaderData;
  const location = useLocation();
  const kept = new URLSearchParams(location.search);
  kept.delete("notice");
  const back = listAddress(PATH, Object.fromEntries(kept));
  const placed = placeErrors(errors, SUBSCRIBER_FILTERS);
  const { cursor: _page, ...filters } = asked;
  return (
    <AdminPage title="Subscribers" intro={<p>Who signed up for the newsletter, newest first.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {actionData?.errors[0] ? <FormMessage tone="error">{actionData.errors[0].error}</FormMessage> : null}

      <Form method="get" role="search" aria-label="Search subscribers" className="grid items-end gap-4 rounded-lg bg-card p-4 shadow-sm sm:grid-cols-[2fr_1fr_auto] sm:p-6">
        <TextField label="Email" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={asked.status} error={placed.at.status} />
        <AdminButton weight="secondary">Search</AdminButton>
        {placed.at.cursor || placed.form ? <p className="text-sm text-red-800 sm:col-span-3">{placed.at.cursor ?? placed.form}</p> : null}
      </Form>

      <p>
        <a href={listAddress("/api/admin/subscribers.csv", filters)} download className="font-medium underline">
          Export these subscribers as CSV
        </a>
      </p>

      {subscribers.length === 0 ? (
        <p>{asked.q || asked.status ? "No subscribers match." : "No subscribers yet."}</p>
      ) : (
        <AdminTable label="Subscribers" minWidth="36rem" columns={COLUMNS}>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2 font-normal break-all">
                {subscriber.email}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={subscriber.subscribedAt} />
              </td>
              <td className="px-3 py-2">{SOURCE_LABELS[subscriber.source]}</td>
              <td className="px-3 py-2">
                {subscriber.unsubscribedAt ? (
                  <>
                    Unsubscribed <When at={subscriber.unsubscribedAt} />
                  </>
                ) : (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <span>Subscribed</span>
                    <input type="hidden" name="id" value={subscriber.id} />
                    <input type="hidden" name="back" value={back} />
                    <AdminButton weight="secondary" aria-label={`Unsubscribe ${subscriber.email}`}>
                      Unsubscribe
                    </AdminButton>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ListPages
        label="Subscriber pages"
        noun="subscribers"
        newest={asked.cursor ? listAddress(PATH, filters) : undefined}
        older={nextCursor ? listAddress(PATH, { ...filters, cursor: nextCursor }) : undefined}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
