import { Form } from "react-router";
import { FONT_CHOICES } from "@core/fonts";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ColourField } from "~/components/admin/colour-field";
import { THEME_FIELDS } from "~/components/admin/settings-form";
import { placeErrors } from "~/lib/form-error";
import { THEME_PREVIEW_PATH } from "~/lib/theme-preview";
import { getStoreLooks, getThemeDraft, settingsScreen, themeAction } from "./admin.settings.server";
import type { Route } from "./+types/admin.theme";

export const meta = () => adminMeta("Theme");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  settingsScreen(context, request, "content", async (db, storeId) => ({
    looks: await getStoreLooks(db, storeId),
    draft: await getThemeDraft(db, storeId),
  }));

export const action = ({ request, context }: Route.ActionArgs) => themeAction(context, request);

type Field = (typeof THEME_FIELDS)[number];

const COLOUR_GROUPS: { title: string; intro: string; fields: [Field, string][] }[] = [
  {
    title: "Callout",
    intro: "The line at the top of every page.",
    fields: [
      ["callout.textColor", "Callout text colour"],
      ["callout.backgroundColor", "Callout background colour"],
    ],
  },
  {
    title: "Colours",
    intro:
      "Text must stay readable on the page background, the cards and the tertiary colour: a pair below 4.5:1 contrast is refused with its ratio.",
    fields: [
      ["styles.textColor", "Text colour"],
      ["styles.backgroundColor", "Page background (behind everything, around the cards)"],
      ["styles.colors.card", "Card colour"],
      ["styles.colors.primary", "Primary colour (links, prices, highlights)"],
      ["styles.colors.secondary", "Secondary colour (badges, accents)"],
      ["styles.colors.tertiary", "Tertiary colour (soft backgrounds behind text: notes, the chosen option)"],
    ],
  },
  {
    title: "Buttons",
    intro: "Each button's text on its own background.",
    fields: [
      ["styles.buttons.primary.backgroundColor", "Primary button colour"],
      ["styles.buttons.primary.textColor", "Primary button text colour"],
      ["styles.buttons.secondary.backgroundColor", "Secondary button colour"],
      ["styles.buttons.secondary.textColor", "Secondary button text colour"],
    ],
  },
];

const FONT_OPTIONS = FONT_CHOICES.map((choice) => ({ value: choice.stack, label: choice.label }));

/** A setting's value by its dotted path, or undefined where `looks` (a draft holds only what it changes) has none. */
function valueAt(looks: unknown, path: string): string | undefined {
  let value = looks;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : undefined;
}

export default function AdminTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { looks, draft, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, [...THEME_FIELDS, "file"]);
  // What was typed, else the draft, else the live theme: the form always starts from what a publish would make live.
  const shown = (field: Field) => actionData?.values?.[field] ?? valueAt(draft, field) ?? valueAt(looks, field) ?? "";
  return (
    <AdminPage
      title="Theme"
      intro={
        <p>
          The shop&apos;s callout, colours, fonts, buttons and logo. Saving keeps a draft that shoppers do not see: preview it on the shop, then
          publish it.
        </p>
      }
    >
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
      {draft ? (
        <AdminSection title="Draft">
          <p className="mb-4">The theme below is a draft: shoppers still see the published theme until you publish it.</p>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <a href={THEME_PREVIEW_PATH} className="rounded border border-black/40 bg-white px-4 py-2 font-medium text-ink underline-offset-2 hover:underline">
              Preview on the shop
            </a>
            <AdminButton name="intent" value="publish">
              Publish
            </AdminButton>
            <AdminButton name="intent" value="discard" weight="secondary">
              Discard draft
            </AdminButton>
          </Form>
        </AdminSection>
      ) : null}
      <Form method="post" className="flex flex-col gap-6">
        {COLOUR_GROUPS.map((group) => (
          <AdminSection key={group.title} title={group.title}>
            <p className="mb-4">{group.intro}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {group.title === "Callout" ? (
                <div className="sm:col-span-2">
                  <TextField label="Callout text" name="callout.text" defaultValue={shown("callout.text")} error={placed.at["callout.text"]} maxLength={200} />
                </div>
              ) : null}
              {group.fields.map(([field, label]) => (
                <ColourField key={field} label={label} name={field} defaultValue={shown(field)} error={placed.at[field]} />
              ))}
            </div>
          </AdminSection>
        ))}
        <AdminSection title="Fonts">
          <p className="mb-4">Fonts already on shoppers&apos; devices, so pages load no font files.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Headings" name="styles.fonts.heading" options={FONT_OPTIONS} defaultValue={shown("styles.fonts.heading")} error={placed.at["styles.fonts.heading"]} />
            <SelectField label="Text" name="styles.fonts.body" options={FONT_OPTIONS} defaultValue={shown("styles.fonts.body")} error={placed.at["styles.fonts.body"]} />
          </div>
        </AdminSection>
        <div>
          <AdminButton name="intent" value="save">
            Save draft
          </AdminButton>
        </div>
      </Form>
      <AdminSection title="Logo">
        <p className="mb-4">A new logo is not part of the draft: it shows on the shop as soon as it is uploaded.</p>
        <div className="mb-4 flex items-center gap-4">
          <img src={looks.logo.url} alt={`Current logo: ${looks.logo.alt}`} className="h-16 w-auto rounded border border-black/20 bg-white p-1" />
        </div>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <TextField label="New logo (JPEG, PNG, WebP or AVIF)" name="file" type="file" accept="image/jpeg,image/png,image/webp,image/avif" required error={placed.at.file} />
          <TextField label="What the logo says (for screen readers)" name="alt_text" defaultValue={looks.logo.alt} maxLength={200} />
          <div>
            <AdminButton name="intent" value="logo" weight="secondary">
              Upload logo
            </AdminButton>
          </div>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
