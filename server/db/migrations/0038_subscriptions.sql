CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"sku" text NOT NULL,
	"subscription_option_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "subscription_lines_quantity_range" CHECK ("subscription_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"quote" jsonb,
	"payment_reference" text,
	"order_id" integer,
	"declines" integer DEFAULT 0 NOT NULL,
	"first_declined_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"first_order_id" integer NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"interval" integer NOT NULL,
	"interval_unit" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"shipping_option_key" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"next_renewal_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_interval_positive" CHECK ("subscriptions"."interval" > 0)
);
--> statement-breakpoint
ALTER TABLE "simulated_payments" ADD COLUMN "saved_card" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "subscription_lines_subscription_idx" ON "subscription_lines" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_cycle_uq" ON "subscription_renewals" USING btree ("subscription_id","due_at");--> statement-breakpoint
CREATE INDEX "subscription_renewals_payment_idx" ON "subscription_renewals" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "subscription_renewals_retry_idx" ON "subscription_renewals" USING btree ("status","retry_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_first_order_uq" ON "subscriptions" USING btree ("first_order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_renewal_at");--> statement-breakpoint
CREATE INDEX "subscriptions_store_idx" ON "subscriptions" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_reference_idx" ON "subscriptions" USING btree ("payment_provider","payment_reference");