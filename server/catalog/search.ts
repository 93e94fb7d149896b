/**
 * Keyword search over products and bundles (docs/product.md, Rules; docs/api.md, Search and catalogue): PostgreSQL
 * full-text search weighted title > attribute values > description, with prefix matching so results appear while
 * typing, and typo tolerance.
 *
 * The query is plain text: it is cut into words of letters and digits, so `%`, `_`, quotes or SQL never reach
 * the database as syntax. A product must match most of the words: at least half of those that are not stop words
 * ("the"), rounded up, so "coffee mug" finds every mug, those that also say coffee first. Results are ranked by how
 * many words they match, then by full-text rank (decision 0019). A word of 5+ letters that matches nothing is looked
 * up in the store's vocabulary (`search_terms`, kept by triggers) by trigram similarity, the candidates are
 * confirmed by edit distance (one swap or one missing letter; two for long words), and the corrected words are
 * searched instead. A word that matches nothing even corrected still counts among the words, so nonsense finds
 * nothing. Every step is an index lookup, whatever the size of the catalogue.
 *
 * A search is one statement when every word matches as typed (the usual case): the ranking of the words as typed,
 * beside which words are stop words and which match anything. Only when a word matches nothing does a second
 * statement look up the vocabulary near the words that may be misspelled, and a third rank the corrected words.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { collectionEntries } from "./collections";
import { listingEntries, type ListingEntry } from "./listing";
import { bundleOnSale, ON_SALE_STATUS } from "./products";
import { badInput } from "../../core/errors";

export const SEARCH_TYPES = ["search", "collection-search"] as const;

const EMPTY_QUERY_MESSAGE = "Search query cannot be empty.";
const INVALID_TYPE_MESSAGE = 'Invalid query type. Must be "search" or "collection-search".';

/** Enough for a results page; ranking keeps the best first. */
const SEARCH_RESULT_LIMIT = 48;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shortest word for prefix matching, and for typo tolerance. */
const PREFIX_MIN = 3;
const TYPO_MIN = 5;
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

/**
 * What shoppers may find of each table: products on sale, bundles whose products all are. Tested beside the match,
 * so a word only a draft holds matches nothing (and is tried as a typo) and hidden rows never take a result's place.
 */
const ON_SALE = {
  products: sql`products.status = ${ON_SALE_STATUS}`,
  bundles: bundleOnSale(sql.raw("bundles.id")),
};

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Words of the store's vocabulary that trigram similarity puts near `word`, for typo correction. The similarity
 * operator's threshold is set on every connection (TRIGRAM_SIMILARITY_THRESHOLD in db/client.ts), so the lookup
 * needs no transaction to set it.
 */
const similarTerms = (storeId: string, word: string) =>
  sql`array(select term from search_terms where store_id = ${storeId} and term % ${word})`;

/** The candidates within one or two edits of the misspelled word, closest first. */
function closestTerms(word: string, candidates: string[]): string[] {
  const limit = word.length >= 8 ? 2 : 1;
  return candidates
    .filter((term) => isTypoOf(word, term))
    .sort((a, b) => editDistance(word, a, limit) - editDistance(word, b, limit) || a.localeCompare(b))
    .slice(0, MAX_CORRECTIONS);
}

/** True when the word is an English stop word ("the"), which a match need not contain. */
const isStopWord = (word: string) => sql`numnode(to_tsquery('english', ${word})) = 0`;

/**
 * True when any product or bundle of the store matches the query. A plain EXISTS would be planned to stop at the
 * first match, which the planner expects within a few rows and so seeks by reading products in order: for a word
 * no product has (a typo), that reads every product. A materialized WITH query is planned for all its rows, so
 * the matches come from the index, and is still read only up to the first.
 */
const anythingMatches = (storeId: string, query: SQL) => sql`exists (
    with matching as materialized (
      select 1 from products where products.store_id = ${storeId} and ${VECTORS.products} @@ ${query} and ${ON_SALE.products}
      union all
      select 1 from bundles where bundles.store_id = ${storeId} and ${VECTORS.bundles} @@ ${query} and ${ON_SALE.bundles})
    select 1 from matching)`;

/** How many of the words are not stop words: the count a match's number of words is measured against. */
const countedWords = (words: string[]) =>
  sql`(${sql.join(
    words.map((word) => sql`(case when ${isStopWord(word)} then 0 else 1 end)`),
    sql` + `,
  )})`;

/**
 * One table's part of the ranking: rows matching at least half of the words that are not stop words (one of two,
 * two of three), those matching more words first. A null query is a word that matches nothing even corrected: it
 * matches no row but still counts among the words. Stop words are told apart in the statement itself: the planner
 * folds the test to a constant, so the index still serves every match.
 *
 * Rows matching every counted word rank first, and the index finds them by intersecting the words' entries, which
 * for two common words is a tenth of the rows matching either. So `best` ranks those alone. Only when they are
 * fewer than a page and more than one word counts are the rows matching any word ranked instead (the planner's
 * one-time filter runs one or the other, never both). A lone word, stop word or not, is the whole query: `best` is
 * the rows matching it.
 */
function tableRanking(table: "products" | "bundles", storeId: string, words: string[], queries: (SQL | null)[]) {
  const vector = VECTORS[table];
  const name = sql.raw(table);
  const best = sql.raw(`${table}_best`);
  const live = queries.filter((query): query is SQL => query !== null);
  const matches = (query: SQL) => sql`(${vector} @@ ${query})`;
  const score = sql`ts_rank(${vector}, ${sql.join(live, sql` || `)})`;
  const counted = countedWords(words);
  const lone = queries.length === 1 ? queries[0] : null;
  const everyCountedWord = lone
    ? matches(lone)
    : sql`${counted} > 0 and ${sql.join(
        queries.map((query, i) => sql`(${query === null ? sql`false` : matches(query)} or ${isStopWord(words[i])})`),
        sql` and `,
      )}`;
  const bestRows = sql`${best} as (
    select ${name}.id as id, ${name}.title as title, ${score} as score
    from ${name}
    where ${name}.store_id = ${storeId} and ${everyCountedWord} and ${ON_SALE[table]}
    order by score desc, ${name}.title asc, ${name}.id asc
    limit ${SEARCH_RESULT_LIMIT})`;
  const bestRanked = sql`select ${table} as kind, ${best}.id, ${best}.title, ${counted} as matched, ${best}.score from ${best}`;
  const anyBest = sql`exists (select from ${best})`;
  if (lone) return { bestRows, rows: bestRanked, anyBest };

  const bestIsTheRanking = sql`(${counted} = 1 or (select count(*) from ${best}) = ${SEARCH_RESULT_LIMIT})`;
  const matchedWords = sql.join(
    queries.flatMap((query, i) =>
      query === null ? [] : [sql`(case when ${matches(query)} and not ${isStopWord(words[i])} then 1 else 0 end)`],
    ),
    sql` + `,
  );
  // offset 0 keeps the candidates a subquery of their own, so each row's match count is worked out once, not
  // again for the filter and the sort.
  const rows = sql`${bestRanked} where ${bestIsTheRanking}
    union all (
    select ${table} as kind, candidates.id, candidates.title, candidates.matched, candidates.score
    from (
      select ${name}.id as id, ${name}.title as title, ${matchedWords} as matched, ${score} as score
      from ${name}
      where ${name}.store_id = ${storeId}
        and ${ON_SALE[table]}
        and not ${bestIsTheRanking}
        and (${sql.join(live.map(matches), sql` or `)})
      offset 0
    ) as candidates
    where candidates.matched * 2 >= ${counted}
    order by candidates.matched desc, candidates.score desc, candidates.title asc, candidates.id asc
    limit ${SEARCH_RESULT_LIMIT})`;
  return { bestRows, rows, anyBest };
}

/**
 * The best products and bundles for the words' queries, best first within each kind: the common table expressions
 * the ranking reads, its rows, and whether `best` holds a row of either kind, in which case every word that counts
 * matches something (a lone word: it matches).
 */
function ranking(storeId: string, words: string[], queries: (SQL | null)[]) {
  const products = tableRanking("products", storeId, words, queries);
  const bundles = tableRanking("bundles", storeId, words, queries);
  return {
    bestRows: sql`${products.bestRows}, ${bundles.bestRows}`,
    rows: sql`(${products.rows} union all ${bundles.rows})`,
    bestFound: sql`(${products.anyBest} or ${bundles.anyBest})`,
  };
}

const RANKED_ORDER = sql`order by ranked.kind, ranked.matched desc, ranked.score desc, ranked.title, ranked.id`;

function typedQueries(words: string[]): SQL[] {
  return words.map((word) => tsquery([word], word.length >= PREFIX_MIN));
}

/**
 * The first statement of a search: the ranking of the words as typed (prefixes of 3+ letters while typing), one
 * row per result, or a single row with a null kind when nothing matches. Every row tells which words are stop
 * words and which match anything as typed, so a misspelled word is noticed even when the others found results.
 * When a row matches every word that counts, they all match something; only otherwise is the index probed for a
 * word (the probe is an initplan, run only when the test reaches it).
 */
export function typedSearchStatement(storeId: string, words: string[]): SQL {
  const typed = typedQueries(words);
  const { bestRows, rows, bestFound } = ranking(storeId, words, typed);
  const flags = typed.flatMap((query, i) => [
    sql`${isStopWord(words[i])} as ${sql.raw(`stop_${i}`)}`,
    words.length === 1
      ? sql`${bestFound} as found_0`
      : sql`((not ${isStopWord(words[i])} and ${bestFound}) or ${anythingMatches(storeId, query)}) as ${sql.raw(`found_${i}`)}`,
  ]);
  return sql`with ${bestRows}
    select flags.*, ranked.kind, ranked.id
    from (select ${sql.join(flags, sql`, `)}) as flags
    left join ${rows} as ranked on true
    ${RANKED_ORDER}`;
}

/** For each word that may be misspelled, the vocabulary near it. */
function similarTermsStatement(storeId: string, words: string[], misspelled: number[]): SQL {
  const columns = misspelled.map((i) => sql`${similarTerms(storeId, words[i])} as ${sql.raw(`similar_${i}`)}`);
  return sql`select ${sql.join(columns, sql`, `)}`;
}

async function rankedRows(db: Database, storeId: string, words: string[], queries: (SQL | null)[]): Promise<Row[]> {
  const { bestRows, rows } = ranking(storeId, words, queries);
  return rowsOf(await db.execute(sql`with ${bestRows} select ranked.kind, ranked.id from ${rows} as ranked ${RANKED_ORDER}`));
}

/** Ranked products and bundles for a shopper's words; none when nothing matches. */
export async function keywordEntries(db: Database, storeId: string, query: string): Promise<ListingEntry[]> {
  const empty: ListingEntry[] = [];
  const words = searchWords(query);
  if (words.length === 0) return empty;

  const typed = typedQueries(words);
  const first = rowsOf(await db.execute(typedSearchStatement(storeId, words)));
  const stop = words.map((_, i) => Boolean(first[0][`stop_${i}`]));
  const found = words.map((_, i) => Boolean(first[0][`found_${i}`]));
  let rows = first.filter((row) => row.kind !== null);

  if (found.some((wordFound) => !wordFound)) {
    // A stop word that matches nothing is left out; a word that may be misspelled is searched as corrected.
    const misspelled = words.flatMap((word, i) => (!found[i] && !stop[i] && word.length >= TYPO_MIN ? [i] : []));
    const [similar] = misspelled.length > 0 ? rowsOf(await db.execute(similarTermsStatement(storeId, words, misspelled))) : [{}];
    const queries = words.map((word, i) => {
      if (found[i]) return typed[i];
      const fixes = misspelled.includes(i) ? closestTerms(word, (similar[`similar_${i}`] as string[]).map(String)) : [];
      return fixes.length > 0 ? tsquery(fixes, false) : null;
    });
    if (queries.every((query) => query === null)) return empty;
    rows = await rankedRows(db, storeId, words, queries);
  }

  const ids = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  return listingEntries(ids("products"), ids("bundles"));
}

/**
 * The search store of the results page (docs/product.md, Rules): validates the query and type, then searches by keyword
 * or lists the named collection. A collection name the shop does not have is searched as words instead, so a navigation
 * link to a missing collection still finds what it names.
 */
export async function searchEntries(db: Database, storeId: string, query: string, type: string): Promise<ListingEntry[]> {
  if (!query.trim()) throw badInput(EMPTY_QUERY_MESSAGE);
  if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw badInput(INVALID_TYPE_MESSAGE);
  if (type === "collection-search") {
    const collection = await collectionEntries(db, storeId, query.trim());
    if (collection) return collection;
  }
  return keywordEntries(db, storeId, query);
}
