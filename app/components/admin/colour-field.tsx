import { useRef, type FormEvent } from "react";
import { LabelledField } from "~/components/account/form-parts";
import { useHydrated } from "~/lib/use-hydrated";

/** A hex colour as a colour input takes it (#rrggbb): #abc spelled out, an alpha dropped; null for anything else. */
export function pickerHex(typed: string): string | null {
  const hex = typed.trim().match(/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i)?.[1];
  if (!hex) return null;
  const six = hex.length <= 4 ? [...hex.slice(0, 3)].map((digit) => digit + digit).join("") : hex.slice(0, 6);
  return `#${six.toLowerCase()}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The other input of the same colour field. */
const partner = (event: FormEvent<HTMLInputElement>, selector: string) =>
  event.currentTarget.closest("[data-colour-field]")?.querySelector<HTMLInputElement>(selector) ?? null;

/**
 * A colour as its hex field and, once the page runs, a colour input beside it, each following the other as it
 * changes. The hex field is the one posted, so the form works the same before and without JavaScript, where a
 * swatch of the saved colour stands in for the input.
 */
export function ColourField({ label, name, defaultValue, error }: { label: string; name: string; defaultValue: string; error?: string }) {
  const hydrated = useHydrated();
  const hexField = useRef<HTMLInputElement>(null);
  const shownColour = pickerHex(defaultValue);
  return (
    <LabelledField
      label={label}
      error={error}
      control={(control) => (
        <div data-colour-field className="flex items-center gap-2">
          <input
            {...control}
            ref={hexField}
            name={name}
            defaultValue={defaultValue}
            autoComplete="off"
            spellCheck={false}
            pattern="#[0-9a-fA-F]{3,8}"
            title="A hex colour such as #1f2937"
            onInput={(event) => {
              const picked = pickerHex(event.currentTarget.value);
              const picker = partner(event, 'input[type="color"]');
              if (picked && picker) picker.value = picked;
            }}
          />
          {hydrated ? (
            <input
              type="color"
              aria-label={`Pick ${lowerFirst(label)}`}
              defaultValue={shownColour ?? "#000000"}
              // A colour typed into the hex field before the page ran is the one to show, not the saved one.
              ref={(picker) => {
                const typed = hexField.current && pickerHex(hexField.current.value);
                if (picker && typed) picker.value = typed;
              }}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-black/40 bg-white p-0.5"
              onInput={(event) => {
                const hex = partner(event, `input[name="${name}"]`);
                if (hex) hex.value = event.currentTarget.value.toUpperCase();
              }}
            />
          ) : (
            <span aria-hidden="true" className="size-10 shrink-0 rounded border border-black/40" style={{ backgroundColor: shownColour ?? undefined }} />
          )}
        </div>
      )}
    />
  );
}
