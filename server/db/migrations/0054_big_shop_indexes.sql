CREATE INDEX "orders_store_cart_idx" ON "orders" USING btree ("store_id","cart_id") WHERE "orders"."cart_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_store_lower_sku_idx" ON "variants" USING btree ("store_id",lower("sku"));