CREATE TABLE "customer_profiles" (
	"store_id" text NOT NULL,
	"email_normalized" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_profiles_store_id_email_normalized_pk" PRIMARY KEY("store_id","email_normalized")
);
--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("store_id",lower(btrim("email")));