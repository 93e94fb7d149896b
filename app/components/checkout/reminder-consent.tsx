import { useId } from "react";
import { REMINDER_CONSENT_LABEL } from "@core/cart-reminders";

/**
 * The reminder box (decision 0037): unticked until the shopper ticks it. What it does is said under it, so the
 * shopper knows what they agree to: one email, at the address above, with a link to stop.
 */
export function ReminderConsent({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-note`}
        className="mt-0.5 size-5 shrink-0"
      />
      <div>
        <label htmlFor={id}>{REMINDER_CONSENT_LABEL}</label>
        <p id={`${id}-note`} className="text-sm">
          One email to the address above if this order is not paid, with a link back to this cart. One click in it
          stops reminders.
        </p>
      </div>
    </div>
  );
}
