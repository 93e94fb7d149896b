ALTER TABLE "shipping_options" ADD COLUMN "free_shipping_threshold_cents" integer;--> statement-breakpoint
UPDATE "shipping_options" SET "free_shipping_threshold_cents" = "free_shipping_threshold" * 100;
--> statement-breakpoint
-- A checkout session keeps the lines it was opened with; they take core's line identity (camelCase) like the cart's.
UPDATE "checkout_sessions" SET "items" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN line->>'kind' = 'bundle' THEN jsonb_build_object(
      'kind', 'bundle',
      'bundleId', line->'bundle_id',
      'selectedVariants', line->'selected_variants',
      'quantity', line->'quantity',
      'unitPriceCents', line->'unitPriceCents')
    ELSE jsonb_build_object(
      'kind', 'product',
      'sku', line->'sku',
      'subscription', CASE WHEN jsonb_typeof(line->'subscription') = 'object'
        THEN jsonb_build_object('id', line->'subscription'->'subscription_id') ELSE 'null'::jsonb END,
      'quantity', line->'quantity',
      'unitPriceCents', line->'unitPriceCents')
    END ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("checkout_sessions"."items") WITH ORDINALITY AS lines(line, position)
) WHERE jsonb_array_length("items") > 0;
