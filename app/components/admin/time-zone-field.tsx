import { LabelledField } from "~/components/account/form-parts";

/**
 * The shop's time zone, chosen from the zones the server knows: the loader sends the list, so the server's render and
 * the browser's show the same options whatever zones the browser's own Intl knows.
 */
export function TimeZoneField({ zones, value, error }: { zones: readonly string[]; value: string; error?: string }) {
  return (
    <LabelledField
      label="Time zone (of every date in the back office, the CSVs and the shop's messages)"
      error={error}
      control={(control) => (
        <select name="time_zone" defaultValue={value} {...control}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      )}
    />
  );
}
