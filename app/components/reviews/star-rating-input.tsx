import { useId, useState } from "react";
import { StarIcon } from "~/components/icons";

type StarRatingInputProps = {
  value: number;
  onChange: (rating: number) => void;
  legend: string;
  /** Shown under the stars and announced; also marks the group invalid. */
  error?: string;
  max?: number;
};

/**
 * A 1-to-n star rating built on native radio buttons: arrow keys move between stars, each star is named ("4 stars"),
 * and a click on a star's picture selects it.
 */
export function StarRatingInput({ value, onChange, legend, error, max = 5 }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {/* Hover only previews; choosing is done by the radio buttons inside. */}
      <div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
        {Array.from({ length: max }, (_, i) => i + 1).map((stars) => (
          <label key={stars} className="cursor-pointer" onMouseEnter={() => setHovered(stars)}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
            <span className="block rounded p-0.5 text-amber-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-teal-700">
              <StarIcon filled={stars <= shown} className="h-8 w-8" />
            </span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {value ? `${value} of ${max} stars` : "No rating chosen yet"}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
