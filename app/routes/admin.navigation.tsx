import { Form } from "react-router";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { LinkPathField } from "~/components/admin/link-path-field";
import {
  draftOf,
  LISTING_TYPES,
  SOCIAL_NETWORKS,
  withNewRows,
  type FooterLinkDraft,
  type MenuLinkDraft,
} from "~/components/admin/navigation-draft";
import { SETTINGS_NOTICES } from "~/components/admin/settings-form";
import { getStoreLooks, navigationAction, requireStaffPage } from "./admin.navigation.server";
import type { Route } from "./+types/admin.navigation";

export const meta = () => adminMeta("Navigation");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content");
  const looks = await getStoreLooks(context.db, context.storeId);
  return { draft: draftOf(looks), notice: SETTINGS_NOTICES.of(new URL(request.url)) };
}

export const action = ({ request, context }: Route.ActionArgs) => navigationAction(context, request);

type Errors = Record<string, string>;

/** Move up, move down and remove for the entry at `index` of the list at `list`; each posts the whole form. */
function RowActions({ list, index, count, what }: { list: string; index: number; count: number; what: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {index > 0 ? (
        <AdminButton weight="secondary" name="intent" value={`up:${list}:${index}`} aria-label={`Move ${what} up`}>
          Up
        </AdminButton>
      ) : null}
      {index < count - 1 ? (
        <AdminButton weight="secondary" name="intent" value={`down:${list}:${index}`} aria-label={`Move ${what} down`}>
          Down
        </AdminButton>
      ) : null}
      <AdminButton weight="secondary" name="intent" value={`remove:${list}:${index}`} aria-label={`Remove ${what}`}>
        Remove
      </AdminButton>
    </div>
  );
}

/**
 * One entry of a list: its fields, and its actions unless it is the blank row for a new entry. A two-field entry
 * keeps its actions on its line on a laptop, so a long footer stays short to scroll.
 */
function Row({ legend, actions, children, twoFields = false }: { legend: string; actions: React.ReactNode; children: React.ReactNode; twoFields?: boolean }) {
  return (
    <fieldset className="rounded border border-black/15 p-3">
      <legend className="px-1 font-medium">{legend}</legend>
      <div className={`grid gap-3 sm:grid-cols-2 ${twoFields ? "lg:grid-cols-[1fr_1fr_16rem] lg:items-end" : ""}`}>
        {children}
        {actions && twoFields ? <div className="sm:col-span-2 lg:col-span-1">{actions}</div> : null}
      </div>
      {actions && !twoFields ? <div className="mt-3">{actions}</div> : null}
    </fieldset>
  );
}

function FooterLinks({ list, links, errors }: { list: string; links: FooterLinkDraft[]; errors: Errors }) {
  const saved = links.length - 1;
  return (
    <div className="flex flex-col gap-3">
      {links.map((link, index) => {
        const at = `${list}.${index}`;
        const isNew = index === saved;
        const what = link.name || `link ${index + 1}`;
        return (
          <Row key={at} twoFields legend={isNew ? "New link" : what} actions={isNew ? null : <RowActions list={list} index={index} count={saved} what={what} />}>
            <TextField label="Name" name={`${at}.name`} defaultValue={link.name} error={errors[`${at}.name`]} maxLength={100} />
            <LinkPathField label="Address (such as /pages/about)" name={`${at}.route`} nameField={`${at}.name`} defaultValue={link.route} error={errors[`${at}.route`]} />
          </Row>
        );
      })}
    </div>
  );
}

function MenuLink({ link, index, saved, errors }: { link: MenuLinkDraft; index: number; saved: number; errors: Errors }) {
  const at = `navbar.pages.${index}`;
  const isNew = index === saved;
  const what = link.name || `link ${index + 1}`;
  return (
    <Row legend={isNew ? "New link" : what} actions={isNew ? null : <RowActions list="navbar.pages" index={index} count={saved} what={what} />}>
      <TextField label="Name" name={`${at}.name`} defaultValue={link.name} error={errors[`${at}.name`]} maxLength={100} />
      <LinkPathField label="Address (such as /shop)" name={`${at}.route`} nameField={`${at}.name`} defaultValue={link.route} error={errors[`${at}.route`]} />
      <TextField
        label="Or list a collection or search (its handle or words)"
        name={`${at}.query`}
        defaultValue={link.query}
        error={errors[`${at}.query`]}
        spellCheck={false}
      />
      <SelectField label="Which list" name={`${at}.type`} options={LISTING_TYPES} defaultValue={link.type || "collection-search"} error={errors[`${at}.type`]} />
    </Row>
  );
}

export default function AdminNavigation({ loaderData, actionData }: Route.ComponentProps) {
  const { notice } = loaderData;
  const draft = withNewRows(actionData?.draft ?? loaderData.draft);
  const errors: Errors = Object.fromEntries((actionData?.errors ?? []).flatMap((problem) => (problem.field ? [[problem.field, problem.error]] : [])));
  const unplaced = actionData?.errors.find((problem) => !problem.field)?.error;
  const savedSections = draft.sections.length - 1;
  const savedSocial = draft.socialLinks.length - 1;
  return (
    // Rows are keyed by place, so a refused save's draft must replace the fields, not be merged into them.
    <AdminPage
      key={actionData ? JSON.stringify(actionData.draft) : "saved"}
      title="Navigation"
      intro={
        <p>
          The shop&apos;s menu, footer and social links. An address is a page of the shop, such as /shop, /pages/about or
          /products/house-blend: type one, or type part of a page&apos;s, product&apos;s, collection&apos;s or post&apos;s title in
          the address field and choose it from the list. A link to a page the shop does not have is refused. A change shows
          on the shop as soon as it is saved.
        </p>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {actionData ? <FormMessage tone="error">{unplaced ?? "Nothing was saved: see the fields marked below."}</FormMessage> : null}
      {/* Fields keep clear of the sticky save bar when the focus scrolls them into view. */}
      <Form method="post" className="flex flex-col gap-6 [&_:is(input,select,button)]:scroll-mt-28">
        {/* First in the form, so Enter in any field saves rather than moving an entry. */}
        <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-black/15 bg-card p-3 shadow-sm">
          <p className="text-sm">Moving or removing an entry saves the whole form.</p>
          <AdminButton name="intent" value="save">
            Save navigation
          </AdminButton>
        </div>
        <AdminSection title="Menu">
          <label className="mb-4 flex items-center gap-2">
            <input type="checkbox" name="navbar.displaySearchBar" defaultChecked={draft.displaySearchBar} className="size-5 shrink-0" />
            Show a search bar in the menu (wider screens; phones keep the search button)
          </label>
          <div className="flex flex-col gap-3">
            {draft.pages.map((link, index) => (
              <MenuLink key={`navbar.pages.${index}`} link={link} index={index} saved={draft.pages.length - 1} errors={errors} />
            ))}
          </div>
        </AdminSection>
        <AdminSection title="Footer links">
          <FooterLinks list="footer.links" links={draft.footerLinks} errors={errors} />
        </AdminSection>
        <AdminSection title="Footer sections">
          <div className="flex flex-col gap-4">
            {draft.sections.map((section, index) => {
              const at = `footer.sections.${index}`;
              const isNew = index === savedSections;
              const what = section.title || `section ${index + 1}`;
              return (
                <fieldset key={at} className="rounded border border-black/25 p-3">
                  <legend className="px-1 font-semibold">{isNew ? "New section" : `Section: ${what}`}</legend>
                  <div className="mb-3 flex flex-col gap-3">
                    <TextField label="Section title" name={`${at}.title`} defaultValue={section.title} error={errors[`${at}.title`]} maxLength={100} />
                    {isNew ? null : <RowActions list="footer.sections" index={index} count={savedSections} what={`section ${what}`} />}
                  </div>
                  <FooterLinks list={`${at}.links`} links={section.links} errors={errors} />
                </fieldset>
              );
            })}
          </div>
        </AdminSection>
        <AdminSection title="Copyright">
          <TextField label="Copyright line (after © and the year)" name="footer.copyright" defaultValue={draft.copyright} error={errors["footer.copyright"]} maxLength={200} />
        </AdminSection>
        <AdminSection title="Social links">
          <div className="flex flex-col gap-3">
            {draft.socialLinks.map((link, index) => {
              const at = `socialLinks.${index}`;
              const isNew = index === savedSocial;
              const network = SOCIAL_NETWORKS.find((choice) => choice.value === link.network)?.label ?? link.network;
              const what = `${network} link`;
              return (
                <Row key={at} twoFields legend={isNew ? "New social link" : what} actions={isNew ? null : <RowActions list="socialLinks" index={index} count={savedSocial} what={what} />}>
                  <SelectField label="Network" name={`${at}.network`} options={SOCIAL_NETWORKS} defaultValue={link.network} error={errors[`${at}.network`]} />
                  <TextField label="Web address" name={`${at}.url`} type="url" defaultValue={link.url} error={errors[`${at}.url`]} spellCheck={false} />
                </Row>
              );
            })}
          </div>
        </AdminSection>
      </Form>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
