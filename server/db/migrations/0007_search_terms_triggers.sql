-- Keeps search_terms filled with the words of product titles, attribute values and bundle titles (see schema.ts).
-- Words no longer used stay behind; a stale word only ever leads to a search that finds nothing for it.
CREATE OR REPLACE FUNCTION search_terms_add(p_store_id text, p_text text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (store_id, term)
  SELECT DISTINCT p_store_id, word
  FROM regexp_split_to_table(lower(coalesce(p_text, '')), '[^[:alnum:]]+') AS word
  WHERE length(word) >= 4 AND word ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(NEW.store_id, NEW.title || ' ' || NEW.attribute_text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bundles_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(NEW.store_id, NEW.title);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms AFTER INSERT OR UPDATE OF title, attribute_text ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_terms();
--> statement-breakpoint
CREATE TRIGGER bundles_search_terms AFTER INSERT OR UPDATE OF title ON bundles
  FOR EACH ROW EXECUTE FUNCTION bundles_search_terms();
--> statement-breakpoint
SELECT search_terms_add(store_id, title || ' ' || attribute_text) FROM products;
--> statement-breakpoint
SELECT search_terms_add(store_id, title) FROM bundles;
