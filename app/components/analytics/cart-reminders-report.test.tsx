import { describe, expect, it } from "vitest";
import { domRoot } from "../../../tests/support/dom-root";
import { CartRemindersReport } from "./cart-reminders-report";

const dom = domRoot();

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
    dom.render(<CartRemindersReport report={figures(1, 4782)} />);
    const pairs = [...dom.container().querySelectorAll("dl > div")].map((pair) => [...pair.children].map((part) => part.textContent));
    expect(pairs).toEqual([
      ["Reminders sent", "12"],
      ["Carts restored", "5"],
      ["Revenue recovered", "$47.82", "1 paid order"],
    ]);
    dom.render(<CartRemindersReport report={figures(3, 0)} />);
    expect(dom.container().textContent).toContain("3 paid orders");
  });
});
