import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CartRemindersReport } from "./cart-reminders-report";

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

const figures = (orders: number, cents: number) => ({
  days: 30,
  since: "2026-10-28",
  reminders_sent: 12,
  carts_restored: 5,
  orders_recovered: orders,
  revenue_recovered_cents: cents,
});

describe("the report's cart reminders", () => {
  it("names each figure, with the revenue in dollars and its orders counted in words", () => {
    act(() => root.render(<CartRemindersReport report={figures(1, 4782)} />));
    const pairs = [...container.querySelectorAll("dl > div")].map((pair) => [...pair.children].map((part) => part.textContent));
    expect(pairs).toEqual([
      ["Reminders sent", "12"],
      ["Carts restored", "5"],
      ["Revenue recovered", "$47.82", "1 paid order"],
    ]);
    act(() => root.render(<CartRemindersReport report={figures(3, 0)} />));
    expect(container.textContent).toContain("3 paid orders");
  });
});
