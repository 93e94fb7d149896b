CREATE TABLE "demo_content" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"row_id" integer NOT NULL,
	CONSTRAINT "demo_content_store_id_kind_row_id_pk" PRIMARY KEY("store_id","kind","row_id"),
	CONSTRAINT "demo_content_kind_known" CHECK ("demo_content"."kind" in ('product', 'bundle', 'collection', 'discount', 'review', 'testimonial', 'blog_post'))
);
--> statement-breakpoint
ALTER TABLE "demo_content" ADD CONSTRAINT "demo_content_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Shops seeded before the seed marked its rows: the demo's rows by the keys its content gives them (server/db/
-- seed-content.ts as it stood), so their owners can remove the demo too. Reviews of demo products that came with no
-- order are the demo's; any other goes with its product.
INSERT INTO "demo_content" ("store_id", "kind", "row_id")
SELECT "store_id", 'product', "id" FROM "products" WHERE "handle" IN (
  'house-blend', 'ethiopia-yirgacheffe', 'colombia-huila', 'sumatra-mandheling', 'night-shift-espresso',
  'swiss-water-decaf', 'highland-breakfast-tea', 'jasmine-dragon-pearls', 'uji-sencha', 'chamomile-honeybush',
  'ceramic-dripper', 'gooseneck-kettle', 'hand-burr-grinder', 'french-press', 'cone-filters', 'harbor-mug',
  'enamel-camp-mug', 'travel-tumbler')
UNION ALL
SELECT "store_id", 'bundle', "id" FROM "bundles" WHERE "handle" IN ('pour-over-starter-kit', 'tea-lovers-sampler', 'morning-ritual-gift-box')
UNION ALL
SELECT "store_id", 'collection', "id" FROM "collections" WHERE "handle" IN ('coffee', 'tea', 'brewing-gear', 'drinkware')
UNION ALL
SELECT "store_id", 'discount', "id" FROM "discounts" WHERE "code" IN ('SAVE15', 'TENOFF', 'FREESHIP', 'SOLDOUT', 'WELCOME-TEMPLATE')
UNION ALL
SELECT "store_id", 'testimonial', "id" FROM "testimonials" WHERE "name" IN ('Amelia R.', 'Carlos D.', 'Leah M.', 'Samuel O.', 'Irene V.')
UNION ALL
SELECT "store_id", 'blog_post', "id" FROM "blog_posts" WHERE "slug" = 'brewing-better-coffee-at-home'
UNION ALL
SELECT r."store_id", 'review', r."id" FROM "reviews" r JOIN "products" p ON p."id" = r."product_id"
WHERE r."order_id" IS NULL AND p."handle" IN (
  'house-blend', 'ethiopia-yirgacheffe', 'colombia-huila', 'sumatra-mandheling', 'night-shift-espresso',
  'swiss-water-decaf', 'highland-breakfast-tea', 'jasmine-dragon-pearls', 'uji-sencha', 'chamomile-honeybush',
  'ceramic-dripper', 'gooseneck-kettle', 'hand-burr-grinder', 'french-press', 'cone-filters', 'harbor-mug',
  'enamel-camp-mug', 'travel-tumbler');
