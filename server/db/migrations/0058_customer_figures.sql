CREATE TABLE "customer_figures" (
	"store_id" text NOT NULL,
	"email_key" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone,
	"last_order_at" timestamp with time zone,
	"first_number" integer,
	"email" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "customer_figures_store_id_email_key_pk" PRIMARY KEY("store_id","email_key")
);
--> statement-breakpoint
ALTER TABLE "customer_figures" ADD CONSTRAINT "customer_figures_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_figures_store_last_order_idx" ON "customer_figures" USING btree ("store_id","last_order_at" DESC NULLS LAST,"email_key");--> statement-breakpoint
CREATE INDEX "customers_store_created_idx" ON "customers" USING btree ("store_id","created_at" DESC NULLS LAST,"email_normalized");
--> statement-breakpoint
-- The figures of every customer from the orders placed so far: revenue as server/orders/revenue.ts defined it when this
-- was written (the total less what its refunds gave back, an edit's aside, and less what an open payment link asks),
-- by ownerEmail (the account's email, else the order's own), the latest order's email and name.
INSERT INTO "customer_figures" ("store_id", "email_key", "order_count", "spent_cents", "first_order_at", "last_order_at", "first_number", "email", "name")
SELECT o.store_id, coalesce(a.email_normalized, lower(btrim(o.email))), count(*),
	sum(o.total_cents
		- (select coalesce(sum(coalesce(r.amount_cents, o.total_cents)), 0) from refunds r where r.order_id = o.id and r.order_edit_id is null)
		- (select coalesce(sum(l.amount_cents), 0) from payment_links l where l.order_id = o.id and l.status = 'open')),
	min(o.created_at), max(o.created_at), min(o.number),
	(array_agg(o.email order by o.created_at desc, o.id desc))[1], (array_agg(o.customer_name order by o.created_at desc, o.id desc))[1]
FROM orders o LEFT JOIN customers a ON a.id = o.customer_id
WHERE o.status in ('paid', 'awaiting_payment', 'backordered', 'fulfilled', 'cancelled', 'refunded')
GROUP BY 1, 2;
