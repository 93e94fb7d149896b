/**
 * `npm run shop -- orders list | show <n> | fulfil <n> | cancel <n> | refund <n>`: the owner's order operations.
 * Fulfil marks the order shipped (with its carrier and tracking number when given) and tells the reviews capability;
 * cancel and refund pay back through the provider, a cancel or whole refund putting the stock back. A backordered
 * order is a subscription renewal paid while its stock was short. Each change is in the audit trail as done from the
 * command line.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { formatMoney, toCents } from "../../core/money";
import { shopMoment } from "../../core/shop-dates";
import { shopTimeZone } from "../store/settings";
import type { AppDeps } from "../context";
import { carrierName, trackingUrl } from "../orders/carriers";
import { addressLines, orderTotals } from "../orders/email";
import { lineText, withWords } from "../orders/line-words";
import { cancelOrder, fulfilOrder, getOrderByNumber, listOrders, refundOrder, type RefundResult } from "../orders/operations";
import { type Order } from "../orders/orders";
import { commandLineActor } from "../audit/audit";
import { CommandUsageError, wholeNumberArg } from "./usage-error";

export const ORDERS_USAGE = [
  "Usage: npm run shop -- orders <command>",
  "  list          latest orders",
  "  show <n>      one order with its lines, totals and address",
  "  fulfil <n> [--carrier <name>] [--tracking <number>]",
  "                mark a paid order shipped (asks the customer for a review); a backordered one takes its stock then",
  "  cancel <n>    cancel a paid or backordered order: refund it and put the stock back",
  "  refund <n> [--amount <dollars.cents>] [--restock]",
  "                refund a paid, backordered or fulfilled order: all of what is left, putting the stock back, or",
  "                --amount of it, putting the stock back only with --restock",
].join("\n");

const orderNumber = (raw: string | undefined) => wholeNumberArg(raw, "An order number", ORDERS_USAGE);

/** A subcommand's order number and flags: a flag it does not take, one without its value or a second number is refused. */
function orderArgs<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new CommandUsageError(`${error.message}\n\n${ORDERS_USAGE}`);
  }
  const [raw, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new CommandUsageError(`Unexpected "${extra.join(" ")}" after the order number.\n\n${ORDERS_USAGE}`);
  return { number: orderNumber(raw), flags: parsed.values };
}

/** --amount in cents; what toCents refuses, or nothing to refund, is a usage error naming the flag. */
function amountCents(raw: string): number {
  try {
    const cents = toCents(raw);
    if (cents > 0) return cents;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  throw new CommandUsageError(`--amount is dollars and cents, more than 0 (got "${raw}").\n\n${ORDERS_USAGE}`);
}

/** One line of an order, placed at the shop's time (decision 0061). */
function summary(order: Order, timeZone: string): string {
  const number = order.number === null ? "   —" : `#${order.number}`;
  return `${number}  ${order.status.padEnd(11)}  ${formatMoney(order.totalCents).padStart(9)}  ${order.email}  ${shopMoment(order.createdAt, timeZone)}`;
}

/** The refund is recorded before the provider is asked; when it could not be reached, the owner is told it will be. */
function refundMessage({ order, refundOwed }: RefundResult, done: string, stockBack: boolean): string {
  const said = `Order #${order.number} ${done}${stockBack ? "; its stock is back" : ""}.`;
  return refundOwed
    ? `${said} The payment provider could not be reached: the refund is recorded as owed and the running shop retries it every minute.`
    : said;
}

function shipmentLines(order: Order): string[] {
  if (order.carrier === null && order.trackingNumber === null) return [];
  const link = order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null;
  return [
    `Shipped with ${order.carrier ? carrierName(order.carrier) : "an unnamed carrier"}${order.trackingNumber ? `, tracking ${order.trackingNumber}` : ""}`,
    ...(link ? [`Track it: ${link}`] : []),
  ];
}

/** Runs one orders subcommand and returns what to print. */
export async function ordersCommand(deps: AppDeps, storeId: string, args: string[]): Promise<string> {
  const [sub, raw] = args;
  const actor = commandLineActor(storeId);
  switch (sub) {
    case "list": {
      const rows = await listOrders(deps, storeId);
      if (rows.length === 0) return "No orders yet.";
      const timeZone = await shopTimeZone(deps.db, storeId);
      return rows.map((order) => summary(order, timeZone)).join("\n");
    }
    case "show": {
      const { order, lines } = await getOrderByNumber(deps, storeId, orderNumber(raw));
      return [
        summary(order, await shopTimeZone(deps.db, storeId)),
        `Customer: ${order.customerName} <${order.email}>`,
        `Payment: ${order.paymentProvider} ${order.paymentReference ?? "—"}`,
        ...(order.status === "backordered"
          ? ["Backordered: a subscription renewal paid while its stock was short; restock, then fulfil it (that takes the stock)."]
          : []),
        ...shipmentLines(order),
        "",
        ...(await withWords(deps.db, storeId, lines)).map(
          (line) => `  ${line.quantity} x ${lineText(line)}${line.sku ? `, SKU ${line.sku}` : ""}  ${formatMoney(line.lineTotalCents)}`,
        ),
        "",
        ...orderTotals(order).map(([label, value]) => `  ${label}: ${value}`),
        "",
        "Ship to:",
        ...addressLines(order).map((line) => `  ${line}`),
      ].join("\n");
    }
    case "fulfil":
    case "fulfill": {
      const { number, flags } = orderArgs(args.slice(1), { carrier: { type: "string" }, tracking: { type: "string" } });
      const order = await fulfilOrder(deps, storeId, number, { actor, carrier: flags.carrier, trackingNumber: flags.tracking });
      return [`Order #${order.number} is fulfilled.`, ...shipmentLines(order)].join("\n");
    }
    case "cancel": {
      const { number } = orderArgs(args.slice(1), {});
      return refundMessage(await cancelOrder(deps, storeId, number, { actor }), "is cancelled and refunded", true);
    }
    case "refund": {
      const { number, flags } = orderArgs(args.slice(1), { amount: { type: "string" }, restock: { type: "boolean" } });
      const amount = flags.amount === undefined ? undefined : amountCents(flags.amount);
      const restock = flags.restock ?? amount === undefined;
      const result = await refundOrder(deps, storeId, number, { actor, amountCents: amount, restock });
      const done = amount === undefined ? "is refunded" : `is refunded ${formatMoney(result.refundedCents)}`;
      return refundMessage(result, done, restock);
    }
    default:
      throw new CommandUsageError(sub ? `Unknown orders command "${sub}".\n\n${ORDERS_USAGE}` : ORDERS_USAGE);
  }
}
