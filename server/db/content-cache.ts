/**
 * Query results that change only with the content version (catalogue, reviews, content, settings), kept in memory
 * until the version moves, so a shopper whose page cannot come from the page cache (they have a cart) still costs
 * no catalogue queries. Entries are frozen: they are shared by every request, and a caller that changed one would
 * change it for all.
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

export function createContentCache(readVersions: () => Promise<ContentVersions>, maxEntries = 1000): ContentCache {
  let cachedVersion = -1;
  let entries = new Map<string, Promise<unknown>>();
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
      }
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        const generation = entries;
        entry = load().then(deepFreeze);
        entry.catch(() => generation.delete(key));
        generation.set(key, entry);
        // Oldest first: a Map iterates in insertion order.
        if (generation.size > maxEntries) generation.delete(generation.keys().next().value!);
      }
      return entry;
    },
  };
}
