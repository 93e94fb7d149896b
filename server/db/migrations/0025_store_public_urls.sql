CREATE TABLE "store_public_urls" (
	"store_id" text PRIMARY KEY NOT NULL,
	"public_url" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_public_urls" ADD CONSTRAINT "store_public_urls_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;