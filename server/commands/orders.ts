/**
 * `npm run shop -- orders list | show <n> | fulfil <n> | cancel <n> | refund <n>`: the owner's order operations.
 * Fulfil marks the order shipped and tells the reviews capability; cancel and refund pay back through the provider
 * and put the stock back. A backordered order is a subscription renewal paid while its stock was short.
 */
import { formatMoney } from "../../core/money";
import type { AppDeps } from "../context";
import { addressLines, orderTotals } from "../orders/email";
import { cancelOrder, fulfilOrder, getOrderByNumber, listOrders, refundOrder, type Order } from "../orders/orders";
import { CommandUsageError } from "./usage-error";

export const ORDERS_USAGE = [
  "Usage: npm run shop -- orders <command>",
  "  list          latest orders",
  "  show <n>      one order with its lines, totals and address",
  "  fulfil <n>    mark a paid order shipped (asks the customer for a review); a backordered one takes its stock then",
  "  cancel <n>    cancel a paid or backordered order: refund it and put the stock back",
  "  refund <n>    refund a paid, backordered or fulfilled order and put the stock back",
].join("\n");

function orderNumber(raw: string | undefined): number {
  const number = Number(raw);
  if (!raw || !Number.isInteger(number) || number < 1) {
    throw new CommandUsageError(`An order number is a whole number (got "${raw ?? ""}").\n\n${ORDERS_USAGE}`);
  }
  return number;
}

function summary(order: Order): string {
  const number = order.number === null ? "   —" : `#${order.number}`;
  return `${number}  ${order.status.padEnd(11)}  ${formatMoney(order.totalCents).padStart(9)}  ${order.email}  ${order.createdAt.toISOString().slice(0, 16).replace("T", " ")}`;
}

/** The refund is recorded before the provider is asked; when it could not be reached, the owner is told it will be. */
function refundMessage({ order, refundOwed }: { order: Order; refundOwed: boolean }, done: string): string {
  const said = `Order #${order.number} ${done}; its stock is back.`;
  return refundOwed
    ? `${said} The payment provider could not be reached: the refund is recorded as owed and the running shop retries it every minute.`
    : said;
}

/** Runs one orders subcommand and returns what to print. */
export async function ordersCommand(deps: AppDeps, storeId: string, args: string[]): Promise<string> {
  const [sub, raw] = args;
  switch (sub) {
    case "list": {
      const rows = await listOrders(deps, storeId);
      return rows.length === 0 ? "No orders yet." : rows.map(summary).join("\n");
    }
    case "show": {
      const { order, lines } = await getOrderByNumber(deps, storeId, orderNumber(raw));
      return [
        summary(order),
        `Customer: ${order.customerName} <${order.email}>`,
        `Payment: ${order.paymentProvider} ${order.paymentReference ?? "—"}`,
        ...(order.status === "backordered"
          ? ["Backordered: a subscription renewal paid while its stock was short; restock, then fulfil it (that takes the stock)."]
          : []),
        "",
        ...lines.map((line) => `  ${line.quantity} x ${line.title}${line.sku ? ` (${line.sku})` : ""}  ${formatMoney(line.lineTotalCents)}`),
        "",
        ...orderTotals(order).map(([label, value]) => `  ${label}: ${value}`),
        "",
        "Ship to:",
        ...addressLines(order).map((line) => `  ${line}`),
      ].join("\n");
    }
    case "fulfil":
    case "fulfill":
      return `Order #${(await fulfilOrder(deps, storeId, orderNumber(raw))).number} is fulfilled.`;
    case "cancel":
      return refundMessage(await cancelOrder(deps, storeId, orderNumber(raw)), "is cancelled and refunded");
    case "refund":
      return refundMessage(await refundOrder(deps, storeId, orderNumber(raw)), "is refunded");
    default:
      throw new CommandUsageError(sub ? `Unknown orders command "${sub}".\n\n${ORDERS_USAGE}` : ORDERS_USAGE);
  }
}
