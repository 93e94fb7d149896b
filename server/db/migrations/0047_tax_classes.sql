CREATE TABLE "tax_class_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"tax_rate_id" integer NOT NULL,
	"tax_class" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	CONSTRAINT "tax_class_rates_rate_non_negative" CHECK ("tax_class_rates"."rate_basis_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_class_rates" ADD CONSTRAINT "tax_class_rates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_class_rates" ADD CONSTRAINT "tax_class_rates_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_classes" ADD CONSTRAINT "tax_classes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_class_rates_rate_class_uq" ON "tax_class_rates" USING btree ("tax_rate_id","tax_class");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_store_key_uq" ON "tax_classes" USING btree ("store_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_store_name_uq" ON "tax_classes" USING btree ("store_id",lower("name"));--> statement-breakpoint
CREATE INDEX "orders_store_paid_idx" ON "orders" USING btree ("store_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "credit_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before lines kept their tax (decision 0063). Each line's share of its order's discount, split as
-- core/money.ts's allocate splits it (by line totals, largest remainder, ties to the earlier line); an exchange's
-- credit is not a discount.
UPDATE "order_lines" AS l SET "discount_cents" = s.share
FROM (
  SELECT y.id, y.base + CASE WHEN y.rank <= y.left_over THEN 1 ELSE 0 END AS share
  FROM (
    SELECT x.id, x.base,
      x.discount - sum(x.base) OVER (PARTITION BY x.order_id) AS left_over,
      row_number() OVER (PARTITION BY x.order_id ORDER BY x.rest DESC, x.id) AS rank
    FROM (
      SELECT w.id, w.order_id, w.discount,
        (w.line_total::bigint * w.discount) / w.weight AS base,
        (w.line_total::bigint * w.discount) % w.weight AS rest
      FROM (
        SELECT ol.id, ol.order_id, ol.line_total_cents AS line_total, o.discount_cents AS discount,
          sum(ol.line_total_cents) OVER (PARTITION BY ol.order_id) AS weight
        FROM "order_lines" ol JOIN "orders" o ON o.id = ol.order_id
        WHERE o.discount_cents > 0 AND o.idempotency_key NOT LIKE 'exchange:%'
      ) w
      WHERE w.weight > 0
    ) x
  ) y
) s
WHERE l.id = s.id;
--> statement-breakpoint
-- The rate each taxed order was charged: its region's rate of today where that rate gives exactly the tax the order
-- was charged (every product was standard then); otherwise the rate stays unknown.
UPDATE "order_lines" AS l SET "tax_rate_basis_points" = r.rate_basis_points
FROM "orders" o
JOIN "tax_rates" r ON r.store_id = o.store_id AND r.country = o.shipping_address->>'country' AND r.region = o.shipping_address->>'state'
WHERE l.order_id = o.id AND o.tax_cents > 0
  AND round((o.subtotal_cents - o.discount_cents + CASE WHEN r.taxes_shipping THEN o.shipping_cents ELSE 0 END) * r.rate_basis_points / 10000.0) = o.tax_cents;
--> statement-breakpoint
UPDATE "orders" AS o SET "shipping_tax_rate_basis_points" = r.rate_basis_points
FROM "tax_rates" r
WHERE r.store_id = o.store_id AND r.country = o.shipping_address->>'country' AND r.region = o.shipping_address->>'state'
  AND r.taxes_shipping AND o.tax_cents > 0
  AND round((o.subtotal_cents - o.discount_cents + o.shipping_cents) * r.rate_basis_points / 10000.0) = o.tax_cents;
--> statement-breakpoint
-- Refunds owed before they kept their tax: the order's tax in proportion to the amount. A payment the order did not
-- keep (a late one, a payment link's that was no longer open) gave back no tax, nor did an edit's (its order's tax
-- went down with it).
UPDATE "refunds" AS r SET "tax_cents" = round(coalesce(r.amount_cents, o.total_cents)::numeric * o.tax_cents / o.total_cents)
FROM "orders" o
WHERE o.id = r.order_id AND o.total_cents > 0 AND o.tax_cents > 0 AND r.order_edit_id IS NULL
  AND r.idempotency_key NOT LIKE 'late-payment-refund:%' AND r.idempotency_key NOT LIKE 'payment-link-refund:%';
