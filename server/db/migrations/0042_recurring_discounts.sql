ALTER TABLE "discounts" ADD COLUMN "applies_to_renewals" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "discount_code" text;