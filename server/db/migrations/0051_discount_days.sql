ALTER TABLE "discounts" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "ends_on" date;--> statement-breakpoint
-- Decision 0068: a code keeps the days the owner typed and saw (the form wrote UTC midnights and showed their UTC
-- days): its first day is the UTC day it started on, its last the UTC day of the last moment it worked.
UPDATE "discounts" SET
  "starts_on" = ("starts_at" AT TIME ZONE 'UTC')::date,
  "ends_on" = (("ends_at" - interval '1 microsecond') AT TIME ZONE 'UTC')::date
WHERE "starts_at" IS NOT NULL OR "ends_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" DROP COLUMN "starts_at";--> statement-breakpoint
ALTER TABLE "discounts" DROP COLUMN "ends_at";
