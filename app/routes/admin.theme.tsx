import { Form } from "react-router";
import { FONT_CHOICES } from "@core/fonts";
import { FormMessage, SelectField, TextField } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { THEME_FIELDS } from "~/components/admin/settings-form";
import { placeErrors } from "~/lib/form-error";
import { getStoreLooks, settingsScreen, themeAction } from "./admin.settings.server";
import type { Route } from "./+types/admin.theme";

export const meta = () => adminMeta("Theme");

export const loader = ({ request, context }: Route.LoaderArgs) =>
  settingsScreen(context, request, "content", async (db, storeId) => ({ looks: await getStoreLooks(db, storeId) }));

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
    intro: "Text must stay readable on the backgrounds and cards: a pair below 4.5:1 contrast is refused with its ratio.",
    fields: [
      ["styles.textColor", "Text colour"],
      ["styles.backgroundColor", "Page background"],
      ["styles.colors.background", "Background colour"],
      ["styles.colors.card", "Card colour"],
      ["styles.colors.primary", "Primary colour (links, prices, highlights)"],
      ["styles.colors.secondary", "Secondary colour (badges, accents)"],
      ["styles.colors.tertiary", "Tertiary colour (soft backgrounds)"],
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

/** A setting's current value by its dotted path. */
function valueAt(looks: unknown, path: string): string {
  let value = looks;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : "";
}

export default function AdminTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { looks, notice } = loaderData;
  const placed = placeErrors(actionData?.errors, [...THEME_FIELDS, "file"]);
  const shown = (field: Field) => actionData?.values?.[field] ?? valueAt(looks, field);
  const colourField = ([field, label]: [Field, string]) => (
    <div key={field} className="flex items-end gap-2">
      <div className="grow">
        <TextField
          label={label}
          name={field}
          defaultValue={shown(field)}
          error={placed.at[field]}
          autoComplete="off"
          spellCheck={false}
          pattern="#[0-9a-fA-F]{3,8}"
          title="A hex colour such as #1f2937"
        />
      </div>
      <span aria-hidden="true" className="mb-1 size-9 shrink-0 rounded border border-black/40" style={{ backgroundColor: valueAt(looks, field) }} />
    </div>
  );
  return (
    <AdminPage title="Theme" intro={<p>The shop&apos;s callout, colours, fonts, buttons and logo. A change shows on the shop as soon as it is saved.</p>}>
      {notice && !actionData ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
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
              {group.fields.map(colourField)}
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
            Save theme
          </AdminButton>
        </div>
      </Form>
      <AdminSection title="Logo">
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
