CREATE TABLE "analytics_page_speed" (
	"session_id" text NOT NULL,
	"load_id" text NOT NULL,
	"store_id" text NOT NULL,
	"page_type" text NOT NULL,
	"lcp_ms" double precision,
	"inp_ms" double precision,
	"cls" double precision,
	"ttfb_ms" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_page_speed_session_id_load_id_pk" PRIMARY KEY("session_id","load_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_page_speed" ADD CONSTRAINT "analytics_page_speed_session_id_analytics_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."analytics_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_page_speed" ADD CONSTRAINT "analytics_page_speed_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_page_speed_store_recorded_idx" ON "analytics_page_speed" USING btree ("store_id","recorded_at");