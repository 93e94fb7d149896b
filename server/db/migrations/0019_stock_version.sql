ALTER TABLE "content_version" ADD COLUMN "stock_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every transaction that changes a variant's stock moves stock_version by one as it commits, whether or not a band
-- changed (decision 0022): the catalogue API's answers carry the exact figure. Deferred, and once per transaction,
-- for the reasons bump_content_version is (migration 0009).
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('storefront.stock_version_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('storefront.stock_version_bumped', 'yes', true);
  UPDATE content_version SET stock_version = stock_version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_stock_version AFTER UPDATE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock)
  EXECUTE FUNCTION bump_stock_version();
