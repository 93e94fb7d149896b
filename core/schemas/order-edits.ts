/**
 * An edit of a paid order before it ships (decision 0058), as the admin API and the order's edit screen send it:
 * lines changed by id (a quantity, 0 to remove, or another variant of the same product), products added, and the
 * shipping address or option. Prices never come from here: the server's one quote prices the edited order.
 */
import { z } from "zod";
import { addressSchema } from "./checkout";
import { storable } from "./storable";
import { orderTotalsSchema } from "./admin-orders";

/** More than a parcel holds: a typing slip, not an order. */
export const MAX_EDIT_QUANTITY = 999;

const quantity = (name: string, min: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, min === 0 ? `${name} must be 0 (remove the line) or more` : `${name} must be at least ${min}`)
    .max(MAX_EDIT_QUANTITY, `${name} must be at most ${MAX_EDIT_QUANTITY}`);

const sku = (name: string) => z.string({ error: `${name} must be a SKU` }).trim().min(1, `${name} must be a SKU`).max(100, `${name} is too long`);

export const lineChangeSchema = z
  .object({
    line_id: z.number({ error: "line_id must be a line of the order" }).int("line_id must be a line of the order").positive("line_id must be a line of the order"),
    quantity: quantity("quantity", 0).optional().describe("The line's new quantity; 0 removes it"),
    sku: sku("sku").optional().describe("Another variant of the same product, in place of the line's"),
  })
  .refine((change) => change.quantity !== undefined || change.sku !== undefined, { message: "Give the line a quantity or a sku", path: ["quantity"] });

const changesObject = z.object({
    lines: z.array(lineChangeSchema).max(100, "lines: at most 100 changes").default([]),
    add: z
      .array(z.object({ sku: sku("sku"), quantity: quantity("quantity", 1) }))
      .max(50, "add: at most 50 products")
      .default([]),
    shipping_address: addressSchema.optional().describe("Where the order now goes; name is the addressee (the order's customer without it)"),
    shipping_option: z.string().trim().min(1, "shipping_option must name a shipping option").max(100).optional(),
});

export const orderEditChangesSchema = storable(changesObject);

export type OrderEditChanges = z.infer<typeof orderEditChangesSchema>;

export const orderEditSchema = storable(
  changesObject.extend({
    expected_total_cents: z
      .number({ error: "expected_total_cents must be the new total the preview showed, in cents" })
      .int("expected_total_cents must be a whole number of cents")
      .min(0, "expected_total_cents must be 0 or more")
      .describe("The new total the preview showed: the edit is refused if the order or the prices changed since"),
  }),
);

const editLineSchema = z.object({
  line_id: z.number().int().nullable().describe("The order's line; null for a product added"),
  kind: z.enum(["product", "bundle"]),
  title: z.string(),
  sku: z.string().nullable(),
  options: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
});

export const orderEditPreviewSchema = z.object({
  lines: z.array(editLineSchema),
  totals: orderTotalsSchema,
  previous_total_cents: z.number().int(),
  difference_cents: z.number().int().describe("New total less the old"),
  balance_cents: z
    .number()
    .int()
    .describe("What the customer owes after the change (the difference plus an open payment link's amount): above 0 asked by a new payment link, below 0 refunded"),
  changes: z.array(z.string()).describe("What changes, in words"),
  stock: z.array(z.object({ sku: z.string(), delta: z.number().int().describe("Units taken from the shelf (negative) or put back") })),
});

export const orderEditAnswerSchema = orderEditPreviewSchema.extend({
  edit_id: z.number().int(),
  refund: z.object({ amount_cents: z.number().int(), owed: z.boolean() }).nullable(),
  payment_link: z.object({ amount_cents: z.number().int() }).nullable(),
});
