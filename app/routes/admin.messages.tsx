import { data, Link } from "react-router";
import { AdminTable, listAddress } from "~/components/admin/admin-list";
import { ListPages, StatusTabs } from "~/components/admin/list-screen";
import { AdminErrorBoundary, ADMIN_PAGE_HEADERS, adminMeta, AdminPage } from "~/components/admin/admin-page";
import { MESSAGE_FILTERS, MESSAGE_STATUS_LABELS } from "~/components/admin/inbox-notices";
import { When } from "~/components/admin/when";
import { placeErrors } from "~/lib/form-error";
import { readMessageList, requireStaffPage } from "./admin.messages.server";
import type { Route } from "./+types/admin.messages";

export const meta = () => adminMeta("Messages");

const PATH = "/admin/messages";
const TABS = [{ status: "", label: "Inbox" }, ...Object.entries(MESSAGE_STATUS_LABELS).map(([status, label]) => ({ status, label }))];
const COLUMNS = [{ label: "From" }, { label: "Received" }, { label: "Status" }, { label: "Message" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "customers");
  const { status, ...list } = await readMessageList(context, new URL(request.url));
  return status === 200 ? list : data(list, { status, headers: ADMIN_PAGE_HEADERS });
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { asked, messages, nextCursor, errors } = loaderData;
  const placed = placeErrors(errors, MESSAGE_FILTERS);
  const refusal = placed.at.status ?? placed.at.cursor ?? placed.form;
  return (
    <AdminPage title="Messages" intro={<p>What customers wrote through the contact form, newest first. Open one to read and answer it.</p>}>
      <StatusTabs label="Message status" tabs={TABS} current={asked.status} addressOf={(status) => listAddress(PATH, { status })} />
      {refusal ? <p className="text-sm text-red-800">{refusal}</p> : null}

      {messages.length === 0 ? (
        <p>{asked.status ? "No messages here." : "No messages yet."}</p>
      ) : (
        <AdminTable label="Messages" minWidth="40rem" columns={COLUMNS}>
          {messages.map((message) => (
            <tr key={message.id} className="border-b border-black/10 align-top">
              <th scope="row" className="px-3 py-2 font-normal">
                <Link to={`${PATH}/${message.id}`} className={`underline ${message.status === "new" ? "font-bold" : "font-semibold"}`}>
                  {message.name || message.email}
                </Link>
                {message.name ? <span className="block break-all text-black/70">{message.email}</span> : null}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <When at={message.createdAt} />
              </td>
              <td className="px-3 py-2">{MESSAGE_STATUS_LABELS[message.status]}</td>
              <td className="px-3 py-2">{message.preview || "(no message)"}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ListPages label="Message pages" noun="messages" path={PATH} filters={{ status: asked.status }} paged={Boolean(asked.cursor)} nextCursor={nextCursor} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
