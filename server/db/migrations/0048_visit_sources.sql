-- Where each visit came from, and the shop's day it started, which its daily totals are counted on from now; the
-- totals counted before keep their UTC day (decision 0065).
ALTER TABLE "analytics_sessions" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_source" jsonb;