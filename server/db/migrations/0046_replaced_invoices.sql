DROP INDEX "invoices_order_invoice_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_current_invoice_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."replaced_at" is null;