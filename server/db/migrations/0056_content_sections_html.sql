-- Blog posts' and pages' sections were plain text (decisions 0007 and 0030) and are HTML now (decision 0076). Each text
-- becomes the HTML that shows its words: &, < and > escaped as the save's cleaning writes them (sanitize-html), a blank
-- line between paragraphs a new <p>, a single line break a <br />. The cleaning keeps this HTML unchanged.
CREATE FUNCTION content_text_as_html(plain text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg('<p>' || replace(btrim(paragraph, E' \t\n'), E'\n', '<br />') || '</p>', '' ORDER BY position), '')
  FROM regexp_split_to_table(
    replace(replace(replace(replace(replace(plain, E'\r\n', E'\n'), E'\r', E'\n'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '\n[ \t]*\n'
  ) WITH ORDINALITY AS split(paragraph, position)
  WHERE btrim(paragraph, E' \t\n') <> ''
$$;
--> statement-breakpoint
UPDATE "page_sections" SET "content" = content_text_as_html("content");
--> statement-breakpoint
UPDATE "blog_sections" SET "content" = content_text_as_html("content");
--> statement-breakpoint
DROP FUNCTION content_text_as_html(text);
