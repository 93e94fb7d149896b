-- Every transaction that changes what shop pages show moves content_version by one, as it commits.
-- Deferred to commit time on purpose: checkouts lock variant rows one by one in sku order, and a bump taken in the
-- middle would hold the version row while waiting for the next variant, a deadlock with the next checkout. At commit
-- a transaction holds every lock it needs, so the bump waits only for another committing transaction.
-- The transaction-local flag keeps a bulk write (a seed, a price change over a collection) to one update.
INSERT INTO content_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('storefront.content_version_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('storefront.content_version_bumped', 'yes', true);
  UPDATE content_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stores_content_version AFTER INSERT OR UPDATE OR DELETE ON stores
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_settings_content_version AFTER INSERT OR UPDATE OR DELETE ON store_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_content_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_images_content_version AFTER INSERT OR UPDATE OR DELETE ON product_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_content_version AFTER INSERT OR UPDATE OR DELETE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subscription_options_content_version AFTER INSERT OR UPDATE OR DELETE ON subscription_options
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bundles_content_version AFTER INSERT OR UPDATE OR DELETE ON bundles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bundle_products_content_version AFTER INSERT OR UPDATE OR DELETE ON bundle_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER collections_content_version AFTER INSERT OR UPDATE OR DELETE ON collections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER collection_products_content_version AFTER INSERT OR UPDATE OR DELETE ON collection_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER collection_bundles_content_version AFTER INSERT OR UPDATE OR DELETE ON collection_bundles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reviews_content_version AFTER INSERT OR UPDATE OR DELETE ON reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER testimonials_content_version AFTER INSERT OR UPDATE OR DELETE ON testimonials
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER blog_posts_content_version AFTER INSERT OR UPDATE OR DELETE ON blog_posts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER blog_sections_content_version AFTER INSERT OR UPDATE OR DELETE ON blog_sections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pages_content_version AFTER INSERT OR UPDATE OR DELETE ON pages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER page_sections_content_version AFTER INSERT OR UPDATE OR DELETE ON page_sections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_content_version AFTER INSERT OR UPDATE OR DELETE ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipping_options_content_version AFTER INSERT OR UPDATE OR DELETE ON shipping_options
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
