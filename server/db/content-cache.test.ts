import { describe, expect, it } from "vitest";
import { createContentCache } from "./content-cache";

function cacheAt(initialVersion: number) {
  let version = initialVersion;
  const cache = createContentCache(async () => ({ pages: version, data: version }), { maxEntries: 2 });
  let loads = 0;
  const load = async () => ({ loads: ++loads, list: [1, 2] });
  return { cache, load, setVersion: (next: number) => (version = next), loads: () => loads };
}

describe("the content cache", () => {
  it("loads once per key while the version stays, and again once it moves", async () => {
    const { cache, load, setVersion, loads } = cacheAt(1);
    const [a, b] = await Promise.all([cache.get("products", load), cache.get("products", load)]);
    expect(a).toBe(b);
    expect(loads()).toBe(1);
    setVersion(2);
    expect((await cache.get("products", load)).loads).toBe(2);
  });

  it("hands out frozen answers, so no request can change what the next one sees", async () => {
    const { cache, load } = cacheAt(1);
    const answer = await cache.get("products", load);
    expect(() => answer.list.push(3)).toThrow(TypeError);
  });

  it("forgets a failed load, keeps at most its limit of keys, and does not cache for a version already overtaken", async () => {
    const { cache, load, setVersion, loads } = cacheAt(5);
    await expect(cache.get("broken", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await cache.get("broken", async () => "recovered")).toBe("recovered");
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    const before = loads();
    await cache.get("a", load);
    expect(loads()).toBe(before + 1);
    setVersion(4);
    await cache.get("c", load);
    await cache.get("c", load);
    expect(loads()).toBe(before + 3);
  });

  it("keeps the answers within their bytes, the oldest going first, but always the one just loaded", async () => {
    const cache = createContentCache(async () => ({ pages: 1, data: 1 }), { maxBytes: 2 * 3 * 1000 });
    let loads = 0;
    const aThousandChars = async () => ({ loads: ++loads, text: "x".repeat(1000) });
    await cache.get("first", aThousandChars);
    await cache.get("second", aThousandChars);
    await cache.get("third", aThousandChars);
    expect(loads).toBe(3);
    await cache.get("third", aThousandChars);
    await cache.get("second", aThousandChars);
    expect(loads).toBe(3);
    await cache.get("first", aThousandChars);
    expect(loads).toBe(4);
    const huge = await cache.get("huge", async () => "y".repeat(10_000));
    expect(await cache.get("huge", async () => "reloaded")).toBe(huge);
    await cache.get("third", aThousandChars);
    expect(loads).toBe(5);
  });
});
