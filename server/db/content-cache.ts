/**
 * Query results that change only with the content version (catalogue, reviews, content, settings), kept in memory
 * until the version moves, so a shopper whose page cannot come from the page cache (they have a cart) still costs
 * no catalogue queries. Entries are frozen: they are shared by every request, and a caller that changed one would
 * change it for all. Bounded by entries and by bytes (measured as JSON once loaded): search results are kept per query,
 * and a stream of unique queries must replace entries rather than grow memory.
 */
import type { ContentVersions } from "./content-version";

export type ContentCache = {
  /** The current versions, read fresh for this caller (see sharedFreshReads); entries follow `data`. */
  versions(): Promise<ContentVersions>;
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export type ContentCacheLimits = { maxEntries?: number; maxBytes?: number };

/** What an answer holds, near enough: its JSON's length, doubled for V8's two-byte strings and object overhead. */
function estimatedBytes(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 0);
}

export function createContentCache(
  readVersions: () => Promise<ContentVersions>,
  { maxEntries = 1000, maxBytes = 16 * 1024 * 1024 }: ContentCacheLimits = {},
): ContentCache {
  let cachedVersion = -1;
  let entries = new Map<string, Promise<unknown>>();
  let sizes = new Map<string, number>();
  let totalBytes = 0;

  /**
   * Oldest first (a Map iterates in insertion order) until both bounds hold again, never the entry just added: the
   * whole catalogue of a large shop may be one entry, which is worth keeping even alone.
   */
  function evictFrom(generation: Map<string, Promise<unknown>>, newest: string) {
    for (const oldest of generation.keys()) {
      if (generation.size <= maxEntries && totalBytes <= maxBytes) break;
      if (oldest === newest) continue;
      generation.delete(oldest);
      totalBytes -= sizes.get(oldest) ?? 0;
      sizes.delete(oldest);
    }
  }

  return {
    versions: readVersions,
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      // Entries carry exact stock (the API answers it), so they follow every stock change too.
      const version = (await readVersions()).data;
      // An answer overtaken by a newer one must not empty the cache the newer version filled.
      if (version < cachedVersion) return load();
      if (version > cachedVersion) {
        cachedVersion = version;
        entries = new Map();
        sizes = new Map();
        totalBytes = 0;
      }
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        const generation = entries;
        entry = load().then(deepFreeze);
        entry.then(
          (value) => {
            // Evicted, or its version overtaken, while it loaded: nothing of it is held.
            if (generation !== entries || generation.get(key) !== entry) return;
            const bytes = estimatedBytes(value);
            sizes.set(key, bytes);
            totalBytes += bytes;
            evictFrom(generation, key);
          },
          () => {
            if (generation.get(key) === entry) generation.delete(key);
          },
        );
        generation.set(key, entry);
        evictFrom(generation, key);
      }
      return entry;
    },
  };
}
