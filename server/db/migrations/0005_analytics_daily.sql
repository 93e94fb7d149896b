CREATE TABLE "analytics_daily" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_store_id_day_kind_key_pk" PRIMARY KEY("store_id","day","kind","key")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_store_kind_day_idx" ON "analytics_daily" USING btree ("store_id","kind","day");--> statement-breakpoint
CREATE INDEX "analytics_sessions_store_updated_idx" ON "analytics_sessions" USING btree ("store_id","updated_at");