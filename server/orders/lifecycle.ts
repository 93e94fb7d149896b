/**
 * Where the server refuses a move the order lifecycle (core/order-lifecycle.ts) does not allow from the order's
 * state, with the words staff read on the order screen and from the API.
 */
import { canMove, type OrderMoveName } from "../../core/order-lifecycle";
import { conflict } from "../../core/errors";

const REFUSED: Partial<Record<OrderMoveName, string>> = {
  fulfil: "only a paid order can be fulfilled",
  cancel: "it cannot be cancelled",
  refund: "it cannot be refunded",
  edit: "only a paid order that has not shipped can be changed",
};

export function assertMove(order: { number: number | null; status: string }, move: OrderMoveName): void {
  if (canMove(order.status, move)) return;
  throw conflict(`Order ${order.number} is ${order.status}; ${REFUSED[move] ?? `it cannot be moved by ${move}`}`);
}
