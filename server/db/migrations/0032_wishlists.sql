CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"customer_id" integer,
	"guest_cart_id" text,
	"product_id" integer NOT NULL,
	"price_seen_cents" integer NOT NULL,
	"price_alert_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_one_owner" CHECK (("wishlist_items"."customer_id" is null) <> ("wishlist_items"."guest_cart_id" is null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "price_drop_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_customer_product_uq" ON "wishlist_items" USING btree ("customer_id","product_id") WHERE "wishlist_items"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_guest_product_uq" ON "wishlist_items" USING btree ("guest_cart_id","product_id") WHERE "wishlist_items"."guest_cart_id" is not null;--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("store_id","product_id");