import { data, Form, redirect, useLocation } from "react-router";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { listAddress } from "~/components/admin/admin-list";
import { ExportedList, ListSearch } from "~/components/admin/list-screen";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { INBOX_NOTICES, listBack, SUBSCRIBER_FILTERS } from "~/components/admin/inbox-notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { formFailure, HttpError, noticedListScreen, readSubscriberList, requireStaffPage, unsubscribeSubscriber } from "./admin.subscribers.server";
import type { Route } from "./+types/admin.subscribers";

export const meta = () => adminMeta("Subscribers");

const PATH = "/admin/subscribers";
const STATUS_OPTIONS = [
  { value: "", label: "Any" },
  { value: "subscribed", label: "Subscribed" },
  { value: "unsubscribed", label: "Unsubscribed" },
];
const COLUMNS = [{ label: "Email" }, { label: "Signed up" }, { label: "From" }, { label: "Status" }];
const TABLE = { label: "Subscribers", minWidth: "36rem", columns: COLUMNS };
const SOURCE_LABELS = { footer: "Footer form", popup: "Welcome popup" } as const;

export const loader = ({ request, context }: Route.LoaderArgs) => noticedListScreen(context, request, "customers", readSubscriberList, INBOX_NOTICES);

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaffPage(context, request, "customers");
  const form = await request.formData();
  const back = String(form.get("back") ?? "");
  try {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, "Unknown subscriber");
    await unsubscribeSubscriber(context.db, actor, id);
    return redirect(INBOX_NOTICES.onto(listBack(back, PATH, new URL(request.url).origin), "unsubscribed"));
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
  return (
    <AdminPage title="Subscribers" intro={<p>Who signed up for the newsletter, newest first.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {actionData?.errors[0] ? <FormMessage tone="error">{actionData.errors[0].error}</FormMessage> : null}

      <ListSearch label="Search subscribers" columns="sm:grid-cols-[2fr_1fr_auto]" refusal={placed.at.cursor ?? placed.form}>
        <TextField label="Email" name="q" type="search" defaultValue={asked.q} error={placed.at.q} />
        <SelectField label="Status" name="status" options={STATUS_OPTIONS} defaultValue={asked.status} error={placed.at.status} />
      </ListSearch>

      <ExportedList noun="subscribers" pages="Subscriber pages" path={PATH} asked={asked} empty={subscribers.length === 0} nextCursor={nextCursor} table={TABLE}>
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
      </ExportedList>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
