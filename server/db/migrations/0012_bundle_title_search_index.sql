DROP INDEX "bundles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "bundles_title_search_idx" ON "bundles" USING gin (to_tsvector('english', "title")) WITH (fastupdate=false);