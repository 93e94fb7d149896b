CREATE TABLE "search_terms" (
	"store_id" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_store_id_term_pk" PRIMARY KEY("store_id","term")
);
--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);