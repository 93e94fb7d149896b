-- Discounts the owner edits (issue 23): paused or ended, a start and an end, a minimum subtotal and once per customer;
-- usage, revenue and once-per-customer are counted from the orders that used a code, hence the index.
ALTER TABLE "discounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "minimum_subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("store_id",lower("discount_code")) WHERE "orders"."discount_code" is not null;