import { useId } from "react";
import type { Selection } from "./variant-selection";

/**
 * One radio group per attribute (a fieldset with a legend), drawn as pills. Radios give keyboard users arrow-key
 * movement and screen readers the chosen value for free.
 */
export function OptionPicker({
  variantList,
  selection,
  onChange,
  compact = false,
}: {
  variantList: Record<string, string[]>;
  selection: Selection;
  onChange: (name: string, value: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className={compact ? "flex flex-col gap-2" : "flex flex-col gap-4"}>
      {Object.entries(variantList).map(([name, options]) => (
        <fieldset key={name}>
          <legend className={compact ? "mb-1 text-xs font-semibold" : "mb-2 text-sm font-semibold"}>
            {name}
            {!compact && selection[name] ? <span className="font-normal">: {selection[name]}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-2">
            {options.map((option) => {
              const checked = selection[name] === option;
              return (
                <label
                  key={option}
                  className={`cursor-pointer rounded-full border px-3 ${compact ? "py-0.5 text-xs" : "py-1.5 text-sm"} has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                    checked ? "border-primary bg-primary text-white" : "border-black/40 bg-card text-ink hover:border-primary"
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-${name}`}
                    value={option}
                    checked={checked}
                    onChange={() => onChange(name, option)}
                    className="sr-only"
                  />
                  {option}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
