CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
-- The products report sums a range's lines by these four columns (server/reports/products.ts). Each alone has few
-- values, but a sku names its product and title, so the planner, multiplying them, expects tens of thousands of groups
-- where there are dozens and sorts a year's lines on disk instead of hashing them. (Not in schema.ts: Drizzle does not
-- model statistics objects, and leaves them alone.)
CREATE STATISTICS IF NOT EXISTS "order_lines_product_stats" (ndistinct) ON "product_handle", "bundle_id", "sku", "title" FROM "order_lines";
