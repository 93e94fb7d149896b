import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { LabelledField } from "~/components/account/form-parts";
import { useHydrated } from "~/lib/use-hydrated";
import type { LinkChoice } from "@core/navigation";

export const LINK_CHOICES_PATH = "/admin/navigation/links";

/**
 * A link's address: a path typed as before, or, once the page runs, a combobox (the ARIA pattern's list autocomplete)
 * offering the shop's pages, products, collections and posts whose title or address holds what was typed. Arrow keys
 * move through the choices, Enter or a click puts the chosen one's path in the field (and its title in the link's
 * empty name field, `nameField`), Escape closes the list; Enter with no choice active saves the form as before.
 */
export function LinkPathField({ label, name, nameField, defaultValue, error }: { label: string; name: string; nameField: string; defaultValue: string; error?: string }) {
  const hydrated = useHydrated();
  const listId = useId();
  const [choices, setChoices] = useState<LinkChoice[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asking = useRef<AbortController | null>(null);
  useEffect(() => () => asking.current?.abort(), []);

  async function ask(words: string) {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    try {
      const response = await fetch(`${LINK_CHOICES_PATH}?${new URLSearchParams({ q: words })}`, { signal: controller.signal });
      if (!response.ok) return;
      const found = ((await response.json()) as { choices: LinkChoice[] }).choices;
      setChoices(found);
      setActive(-1);
      setOpen(found.length > 0);
    } catch {
      // A newer question replaced this one, or the shop is out of reach: the field still takes a typed path.
    }
  }

  function choose(input: HTMLInputElement, choice: LinkChoice) {
    input.value = choice.path;
    const nameInput = input.form?.elements.namedItem(nameField);
    if (nameInput instanceof HTMLInputElement && nameInput.value.trim() === "") nameInput.value = choice.title;
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const { key } = event;
    if (key === "ArrowDown" || key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        void ask(input.value.startsWith("/") ? "" : input.value);
        return;
      }
      const last = choices.length - 1;
      setActive((at) => (key === "ArrowDown" ? (at >= last ? 0 : at + 1) : at <= 0 ? last : at - 1));
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      choose(input, choices[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <LabelledField
      label={label}
      error={error}
      control={(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            defaultValue={defaultValue}
            spellCheck={false}
            autoComplete="off"
            {...(hydrated
              ? {
                  role: "combobox",
                  "aria-autocomplete": "list" as const,
                  "aria-expanded": open,
                  "aria-controls": listId,
                  "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
                  onInput: (event: FormEvent<HTMLInputElement>) => void ask(event.currentTarget.value),
                  onKeyDown,
                  onBlur: () => setOpen(false),
                }
              : {})}
          />
          {hydrated ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={`Pages, products, collections and posts for ${label.toLowerCase()}`}
              hidden={!open}
              className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded border border-black/30 bg-white py-1 shadow-lg"
            >
              {choices.map((choice, index) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox field's (arrows, Enter), as the ARIA pattern has it
                <li
                  key={`${choice.group}:${choice.path}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // The field keeps the focus, so the list stays the field's until the choice is made.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={(event) => {
                    const input = event.currentTarget.closest("div")?.querySelector("input");
                    if (input) choose(input, choice);
                  }}
                  className={`cursor-pointer px-3 py-1.5 ${index === active ? "bg-[#1f2937] text-white" : "text-[#1f2937]"}`}
                >
                  <span className="block">{choice.title}</span>
                  <span className={`block text-sm ${index === active ? "text-white" : "text-[#4b5563]"}`}>
                    {choice.group}: {choice.path}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    />
  );
}
