-- A code only one customer may redeem (the welcome popup's first-order codes) is never shown on a page or in a
-- catalogue answer, so creating, changing or removing one no longer moves content_version: before, every newsletter
-- sign-up from the popup emptied every cache on every instance. The store's own codes still move it as before.
DROP TRIGGER discounts_content_version ON discounts;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_content_version AFTER INSERT ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.restricted_to_email IS NULL)
  EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_removed_content_version AFTER DELETE ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.restricted_to_email IS NULL)
  EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER discounts_shown_content_version ON discounts;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER discounts_shown_content_version AFTER UPDATE ON discounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (OLD.restricted_to_email IS NULL OR NEW.restricted_to_email IS NULL)
    AND to_jsonb(OLD) - 'redemptions' IS DISTINCT FROM to_jsonb(NEW) - 'redemptions'
  )
  EXECUTE FUNCTION bump_content_version();
