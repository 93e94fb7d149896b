/**
 * Keyword search over products and bundles (spec sections 5 and 7): PostgreSQL full-text search weighted title >
 * attribute values > description, with prefix matching so results appear while typing, and a typo fallback on
 * pg_trgm for words that match nothing exactly.
 *
 * The query is plain text: it is cut into words of letters and digits, so `%`, `_`, quotes or SQL never reach
 * the database as syntax. A product must match every word (stop words such as "the" are optional). A word of 5+
 * letters that matches nothing exactly is looked up by trigram similarity (index-backed, with a low threshold to
 * let a swapped or dropped letter through) and the candidates are confirmed by edit distance, so "grinder" is not
 * offered for "green".
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
 * pg_trgm's word similarity of a 5-letter word with two inner letters swapped is 0.2 (2 of its 6 trigrams
 * survive), so the candidate threshold sits there; edit distance then confirms the candidates.
 */
const TYPO_CANDIDATE_THRESHOLD = "0.2";
/** Candidates read before the edit-distance check and the final cut. */
const CANDIDATE_LIMIT = 200;

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

type Term = { word: string; tsquery: SQL; typo: boolean };

function terms(words: string[]): Term[] {
  return words.map((word) => {
    // Words hold letters and digits only, so they are valid tsquery lexemes.
    const lexeme = word.length >= PREFIX_MIN ? `${word}:*` : word;
    return {
      word,
      // English stems titles and descriptions; the simple configuration keeps attribute values ("XL") as typed.
      tsquery: sql`(to_tsquery('english', ${lexeme}) || to_tsquery('simple', ${lexeme}))`,
      typo: word.length >= TYPO_MIN,
    };
  });
}

const productVector = sql.raw(`products.search_vector`);
const productText = sql.raw(`(products.title || ' ' || products.attribute_text)`);
const bundleVector = sql.raw(`to_tsvector('english', bundles.title)`);

type Row = { id: number; text: string; score: number } & Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * One ranked, filtered select over products or bundles. `fuzzy[i]` says whether word i may match by typo; a row
 * must match every word that is not a stop word, and at least one word.
 */
function rankedSelect(
  table: "products" | "bundles",
  storeId: string,
  list: Term[],
  stop: boolean[],
  fuzzy: boolean[],
): SQL {
  const vector = table === "products" ? productVector : bundleVector;
  const text = table === "products" ? productText : sql.raw("bundles.title");
  const exact = list.map((term) => sql`(${vector} @@ ${term.tsquery})`);
  const typo = list.map((term, i) => (fuzzy[i] ? sql`(${term.word} <% ${text})` : sql`false`));
  const anyQuery = sql.join(
    list.map((term) => term.tsquery),
    sql` || `,
  );
  const similarity = list
    .map((term, i) => (fuzzy[i] ? sql`word_similarity(${term.word}, ${text})` : null))
    .filter((part): part is SQL => part !== null);
  const score = sql`ts_rank(${vector}, ${anyQuery})${similarity.length ? sql` + ${sql.join(similarity, sql` + `)}` : sql``}`;
  const required = list.map((_, i) => (stop[i] ? sql`true` : sql`(${exact[i]} or ${typo[i]})`));
  const any = list.map((_, i) => sql`${exact[i]} or ${typo[i]}`);
  const flags = list.map((_, i) => sql`${exact[i]} as ${sql.raw(`exact_${i}`)}`);
  return sql`
    select ${sql.raw(table)}.id as id, ${text} as text, ${score} as score, ${sql.join(flags, sql`, `)}
    from ${sql.raw(table)}
    where ${sql.raw(table)}.store_id = ${storeId}
      and (${sql.join(any, sql` or `)})
      and ${sql.join(required, sql` and `)}
    order by score desc, ${sql.raw(table)}.title asc, ${sql.raw(table)}.id asc
    limit ${CANDIDATE_LIMIT}`;
}

/** Keeps the rows whose typo matches survive the edit-distance check, best first, cut to the page size. */
function confirm(rows: Row[], list: Term[], stop: boolean[], fuzzy: boolean[]): number[] {
  return rows
    .filter((row) =>
      list.every((term, i) => {
        if (row[`exact_${i}`]) return true;
        if (fuzzy[i] && isTypoOf(term.word, row.text)) return true;
        return stop[i];
      }),
    )
    .filter((row) => list.some((term, i) => row[`exact_${i}`] || (fuzzy[i] && isTypoOf(term.word, row.text))))
    .slice(0, SEARCH_RESULT_LIMIT)
    .map((row) => Number(row.id));
}

/** Ranked products and bundles for a shopper's words; an empty answer when nothing matches. */
export async function keywordSearch(db: Database, storeId: string, query: string): Promise<SearchResponse> {
  const list = terms(searchWords(query));
  if (list.length === 0) return { formattedProductData: [], formattedBundleData: [] };

  const { productIds, bundleIds } = await db.transaction(async (tx) => {
    // The probe sets the typo threshold for this transaction only and learns, per word, whether it is a stop
    // word and whether anything matches it exactly (then its typo fallback is not used).
    const probeColumns = list.flatMap((term, i) => [
      sql`numnode(to_tsquery('english', ${term.word})) = 0 as ${sql.raw(`stop_${i}`)}`,
      sql`(exists (select 1 from products where products.store_id = ${storeId} and ${productVector} @@ ${term.tsquery})
        or exists (select 1 from bundles where bundles.store_id = ${storeId} and ${bundleVector} @@ ${term.tsquery})) as ${sql.raw(`found_${i}`)}`,
    ]);
    const [probe] = rowsOf(
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_CANDIDATE_THRESHOLD}, true), ${sql.join(probeColumns, sql`, `)}`,
      ),
    );
    const stop = list.map((_, i) => Boolean(probe[`stop_${i}`]));
    const fuzzy = list.map((term, i) => term.typo && !probe[`found_${i}`]);
    const productRows = rowsOf(await tx.execute(rankedSelect("products", storeId, list, stop, fuzzy)));
    const bundleRows = rowsOf(await tx.execute(rankedSelect("bundles", storeId, list, stop, fuzzy)));
    return { productIds: confirm(productRows, list, stop, fuzzy), bundleIds: confirm(bundleRows, list, stop, fuzzy) };
  });

  const [formattedProductData, formattedBundleData] = await Promise.all([
    loadProducts(db, storeId, productIds),
    loadBundles(db, storeId, bundleIds),
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
