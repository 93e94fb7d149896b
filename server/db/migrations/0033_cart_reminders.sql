CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"email" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"skip_reason" text,
	"restored_at" timestamp with time zone,
	"restored_cart_id" text,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_uq" ON "cart_reminders" USING btree ("store_id","cart_id");--> statement-breakpoint
CREATE INDEX "cart_reminders_email_idx" ON "cart_reminders" USING btree ("store_id","email");--> statement-breakpoint
CREATE INDEX "cart_reminders_due_idx" ON "cart_reminders" USING btree ("consented_at") WHERE handled_at is null;