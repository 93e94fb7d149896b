/**
 * Keyword search over products and bundles (spec sections 5 and 7): PostgreSQL full-text search weighted title >
 * attribute values > description, with prefix matching so results appear while typing, and typo tolerance.
 *
 * The query is plain text: it is cut into words of letters and digits, so `%`, `_`, quotes or SQL never reach
 * the database as syntax. A product must match every word (stop words such as "the" are optional). A word of 5+
 * letters that matches nothing is looked up in the store's vocabulary (`search_terms`, kept by triggers) by
 * trigram similarity, the candidates are confirmed by edit distance (one swap or one missing letter; two for
 * long words), and the corrected words are searched instead. Every step is an index lookup, whatever the size of
 * the catalogue.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SearchResponse } from "../../core/schemas/catalog";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { getCollection } from "./collections";
import { loadBundles, loadProducts } from "./products";

export const SEARCH_TYPES = ["search", "collection-search"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const EMPTY_QUERY_MESSAGE = "Search query cannot be empty.";
export const INVALID_TYPE_MESSAGE = 'Invalid query type. Must be "search" or "collection-search".';

/** Enough for a results page; ranking keeps the best first. */
export const SEARCH_RESULT_LIMIT = 48;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shortest word for prefix matching, and for typo tolerance. */
const PREFIX_MIN = 3;
const TYPO_MIN = 5;
/**
 * pg_trgm's similarity of a 5-letter word with two inner letters swapped is 0.2 (2 of 10 distinct trigrams
 * shared), so vocabulary candidates are read from just below it; edit distance then decides.
 */
const TYPO_CANDIDATE_THRESHOLD = "0.18";
/** Corrections tried per misspelled word, closest first. */
const MAX_CORRECTIONS = 5;

export function searchWords(query: string): string[] {
  const words = query.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early past `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2][j - 2] + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** A typo of one of the text's words (or of the start of a longer word, for someone still typing). */
export function isTypoOf(word: string, text: string): boolean {
  const limit = word.length >= 8 ? 2 : 1;
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return tokens.some(
    (token) =>
      editDistance(word, token, limit) <= limit ||
      (token.length > word.length + 1 &&
        (editDistance(word, token.slice(0, word.length), limit) <= limit ||
          editDistance(word, token.slice(0, word.length + 1), limit) <= limit)),
  );
}

/** Any of the lexemes, stemmed (titles, descriptions) or as typed (attribute values such as "XL"). */
function tsquery(lexemes: string[], prefix: boolean): SQL {
  // Lexemes hold letters and digits only, so they are valid tsquery syntax.
  const text = lexemes.map((lexeme) => (prefix ? `${lexeme}:*` : lexeme)).join(" | ");
  return sql`(to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
}

const VECTORS = {
  products: sql.raw("products.search_vector"),
  bundles: sql.raw("to_tsvector('english', bundles.title)"),
};

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Words of the store's vocabulary within one or two edits of each misspelled word, closest first. */
async function correctTypos(db: Database, storeId: string, words: string[]): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  if (words.length === 0) return corrections;
  const lookups = words.map(
    (word, i) => sql`(select ${i}::int as i, term from search_terms where store_id = ${storeId} and term % ${word})`,
  );
  // The similarity operator reads its threshold from a setting, set for this transaction only.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${TYPO_CANDIDATE_THRESHOLD}, true)`);
    return rowsOf(await tx.execute(sql.join(lookups, sql` union all `)));
  });
  words.forEach((word, i) => {
    const limit = word.length >= 8 ? 2 : 1;
    const close = rows
      .filter((row) => Number(row.i) === i && isTypoOf(word, String(row.term)))
      .map((row) => String(row.term))
      .sort((a, b) => editDistance(word, a, limit) - editDistance(word, b, limit) || a.localeCompare(b))
      .slice(0, MAX_CORRECTIONS);
    corrections.set(word, close);
  });
  return corrections;
}

/** Ranked ids of one table's rows matching every required word and at least one word. */
function rankedSelect(table: "products" | "bundles", storeId: string, queries: (SQL | null)[], stop: boolean[]): SQL {
  const vector = VECTORS[table];
  const name = sql.raw(table);
  const live = queries.filter((query): query is SQL => query !== null);
  const matches = (query: SQL) => sql`(${vector} @@ ${query})`;
  const required = queries.flatMap((query, i) => (stop[i] || query === null ? [] : [matches(query)]));
  return sql`(
    select ${table} as kind, ${name}.id as id, ts_rank(${vector}, ${sql.join(live, sql` || `)}) as score
    from ${name}
    where ${name}.store_id = ${storeId}
      and (${sql.join(live.map(matches), sql` or `)})
      ${required.length ? sql`and ${sql.join(required, sql` and `)}` : sql``}
    order by score desc, ${name}.title asc, ${name}.id asc
    limit ${SEARCH_RESULT_LIMIT})`;
}

/** Ranked products and bundles for a shopper's words; an empty answer when nothing matches. */
export async function keywordSearch(db: Database, storeId: string, query: string): Promise<SearchResponse> {
  const empty: SearchResponse = { formattedProductData: [], formattedBundleData: [] };
  const words = searchWords(query);
  if (words.length === 0) return empty;

  // Per word: is it a stop word, and does anything match it (or, while typing, start with it)?
  const typed = words.map((word) => tsquery([word], word.length >= PREFIX_MIN));
  const probeColumns = typed.flatMap((q, i) => [
    sql`numnode(to_tsquery('english', ${words[i]})) = 0 as ${sql.raw(`stop_${i}`)}`,
    sql`(exists (select 1 from products where products.store_id = ${storeId} and ${VECTORS.products} @@ ${q})
      or exists (select 1 from bundles where bundles.store_id = ${storeId} and ${VECTORS.bundles} @@ ${q})) as ${sql.raw(`found_${i}`)}`,
  ]);
  const [probe] = rowsOf(await db.execute(sql`select ${sql.join(probeColumns, sql`, `)}`));
  const stop = words.map((_, i) => Boolean(probe[`stop_${i}`]));
  const found = words.map((_, i) => Boolean(probe[`found_${i}`]));

  const misspelled = words.filter((word, i) => !found[i] && !stop[i] && word.length >= TYPO_MIN);
  const corrections = await correctTypos(db, storeId, misspelled);
  const queries = words.map((word, i) => {
    if (found[i]) return typed[i];
    const fixes = corrections.get(word) ?? [];
    return fixes.length > 0 ? tsquery(fixes, false) : null;
  });
  // A word that matches nothing, even corrected, leaves nothing that has every word.
  if (queries.some((q, i) => q === null && !stop[i]) || queries.every((q) => q === null)) return empty;

  const rows = rowsOf(
    await db.execute(sql`${rankedSelect("products", storeId, queries, stop)} union all ${rankedSelect("bundles", storeId, queries, stop)}`),
  );
  const ids = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  const [formattedProductData, formattedBundleData] = await Promise.all([
    loadProducts(db, storeId, ids("products")),
    loadBundles(db, storeId, ids("bundles")),
  ]);
  return { formattedProductData, formattedBundleData };
}

/**
 * The search store of the results page (spec section 5): validates the query and type, then searches by keyword
 * or lists the named collection. A collection name the shop does not have is searched as words instead, so a
 * navigation link to a missing collection still finds what it names.
 */
export async function searchStore(db: Database, storeId: string, query: string, type: string): Promise<SearchResponse> {
  if (!query.trim()) throw new HttpError(400, EMPTY_QUERY_MESSAGE);
  if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw new HttpError(400, INVALID_TYPE_MESSAGE);
  if (type === "collection-search") {
    const collection = await getCollection(db, storeId, query.trim());
    if (collection) return collection;
  }
  return keywordSearch(db, storeId, query);
}
