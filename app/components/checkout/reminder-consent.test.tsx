import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { domRoot } from "../../../tests/support/dom-root";
import { REMINDER_CONSENT_LABEL } from "@core/cart-reminders";
import { ReminderConsent } from "./reminder-consent";

const dom = domRoot();

describe("the checkout's reminder box", () => {
  it("is a labelled checkbox, described by what it agrees to, that reports the shopper's answer", () => {
    const onChange = vi.fn();
    dom.render(<ReminderConsent checked={false} onChange={onChange} />);
    const box = dom.container().querySelector<HTMLInputElement>("input[type=checkbox]")!;
    expect(box.checked).toBe(false);
    expect(dom.container().querySelector(`label[for="${box.id}"]`)?.textContent).toBe(REMINDER_CONSENT_LABEL);
    expect(document.getElementById(box.getAttribute("aria-describedby")!)?.textContent).toContain("One click in it stops reminders");
    act(() => box.click());
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
