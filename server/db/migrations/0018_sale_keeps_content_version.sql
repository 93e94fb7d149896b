-- A sale no longer moves content_version (docs/decisions/0022): pages show a variant's stock only as a band (none,
-- each count from 1 to 5, or more than 5; core/stock-band.ts), and no page shows how often a discount was redeemed.
-- So a variant's update bumps only when its band or another of its columns changes, and a discount's only when
-- something but its redemptions changes. 6 is LOW_STOCK_THRESHOLD + 1 of core/stock-band.ts, the "more than 5"
-- band; server/db/stock-band-version.test.ts fails if the two disagree. Stock is never negative (a check holds it).
DROP TRIGGER variants_content_version ON variants;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_content_version AFTER INSERT OR DELETE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_shown_content_version AFTER UPDATE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    least(OLD.stock, 6) IS DISTINCT FROM least(NEW.stock, 6)
    OR to_jsonb(OLD) - 'stock' IS DISTINCT FROM to_jsonb(NEW) - 'stock'
  )
  EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER discounts_content_version ON discounts;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_content_version AFTER INSERT OR DELETE ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_shown_content_version AFTER UPDATE ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'redemptions' IS DISTINCT FROM to_jsonb(NEW) - 'redemptions')
  EXECUTE FUNCTION bump_content_version();
