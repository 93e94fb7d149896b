CREATE TABLE "draft_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"discount" jsonb,
	"shipping_cents_override" integer,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;