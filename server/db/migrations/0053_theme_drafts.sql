CREATE TABLE "theme_drafts" (
	"store_id" text PRIMARY KEY NOT NULL,
	"change" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "theme_drafts" ADD CONSTRAINT "theme_drafts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;