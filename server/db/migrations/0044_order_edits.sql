CREATE TABLE "order_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"actor_label" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"difference_cents" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "order_edit_id" integer;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_edit_id_order_edits_id_fk" FOREIGN KEY ("order_edit_id") REFERENCES "public"."order_edits"("id") ON DELETE set null ON UPDATE no action;