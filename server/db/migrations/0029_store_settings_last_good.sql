-- The last store settings document the shop could read, so a setting broken later is served from it (issue 23).
ALTER TABLE "store_settings" ADD COLUMN "last_good" jsonb;
