CREATE INDEX "customer_figures_email_trgm_idx" ON "customer_figures" USING gin ("email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_figures_name_trgm_idx" ON "customer_figures" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);