CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_reference" text,
	"paid_with" text,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_order_idx" ON "payment_links" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_open_uq" ON "payment_links" USING btree ("order_id") WHERE "payment_links"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_payment_uq" ON "payment_links" USING btree ("payment_reference");