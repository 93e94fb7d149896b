/** Form parts of the back office beyond the account forms' fields: its buttons, and the forms built on them. */
import type { ButtonHTMLAttributes } from "react";
import { useNavigation } from "react-router";

const WEIGHTS = {
  primary: "bg-button text-button-ink",
  secondary: "border border-black/40 bg-white text-ink",
  danger: "bg-red-800 text-white",
};

/** A submit button, disabled while a form of the page is being sent so a second click sends nothing twice. */
export function AdminButton({
  weight = "primary",
  className = "",
  ...button
}: { weight?: keyof typeof WEIGHTS } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      disabled={sending}
      className={`rounded px-4 py-2 font-medium disabled:opacity-70 ${WEIGHTS[weight]} ${className}`}
      {...button}
    />
  );
}

const STEP_BUTTON = "rounded border border-black/40 bg-white px-3 py-1.5 text-sm font-medium text-ink disabled:opacity-50";

/** A small button of a list row; `target` tells a screen reader which row it acts on. */
export function StepButton({ intent, label, target, disabled }: { intent: string; label: string; target: string; disabled?: boolean }) {
  return (
    <button type="submit" name="intent" value={intent} disabled={disabled} className={STEP_BUTTON}>
      {label}
      <span className="sr-only"> {target}</span>
    </button>
  );
}
