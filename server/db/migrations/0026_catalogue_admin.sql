CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"csv" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_status_known" CHECK ("catalogue_imports"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "product_handle_redirects" (
	"store_id" text NOT NULL,
	"handle" text NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_handle_redirects_store_id_handle_pk" PRIMARY KEY("store_id","handle")
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_label" text NOT NULL,
	"order_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_reason_known" CHECK ("stock_adjustments"."reason" in ('received', 'sold', 'returned', 'damaged', 'correction')),
	CONSTRAINT "stock_adjustments_stock_after_non_negative" CHECK ("stock_adjustments"."stock_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vendor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "image_id" integer;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_handle_redirects" ADD CONSTRAINT "product_handle_redirects_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_handle_redirects" ADD CONSTRAINT "product_handle_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_store_idx" ON "catalogue_imports" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "product_handle_redirects_product_idx" ON "product_handle_redirects" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_variant_idx" ON "stock_adjustments" USING btree ("variant_id","id");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_compare_at_non_negative" CHECK ("variants"."compare_at_cents" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_low_stock_threshold_non_negative" CHECK ("variants"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_non_negative" CHECK ("variants"."weight_grams" >= 0);--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_handle_redirects_content_version AFTER INSERT OR UPDATE OR DELETE ON product_handle_redirects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
-- Pictures already on sale keep a text alternative: the one the shop showed for them, their product's title.
UPDATE product_images SET alt_text = products.title FROM products WHERE products.id = product_images.product_id AND product_images.alt_text = '';
--> statement-breakpoint
-- Descriptions become the safe subset of HTML the owner edits (server/catalog/description-html.ts): the plain text
-- kept so far is escaped, a blank line starts a paragraph and a line break stays one.
UPDATE products SET description = '<p>' || replace(replace(
    replace(replace(replace(description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    E'\n\n', '</p><p>'), E'\n', '<br>') || '</p>'
  WHERE description <> '';
