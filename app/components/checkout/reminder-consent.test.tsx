import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REMINDER_CONSENT_LABEL } from "@core/cart-reminders";
import { ReminderConsent } from "./reminder-consent";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("the checkout's reminder box", () => {
  it("is a labelled checkbox, described by what it agrees to, that reports the shopper's answer", () => {
    const onChange = vi.fn();
    act(() => root.render(<ReminderConsent checked={false} onChange={onChange} />));
    const box = container.querySelector<HTMLInputElement>("input[type=checkbox]")!;
    expect(box.checked).toBe(false);
    expect(container.querySelector(`label[for="${box.id}"]`)?.textContent).toBe(REMINDER_CONSENT_LABEL);
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toContain("One click in it stops reminders");
    act(() => box.click());
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
