import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { contentVersionsReader, readContentVersions, sharedFreshReads } from "./content-version";
import { DEMO } from "./seed";
import { products } from "./schema";

/** A read whose answer is the number of reads begun so far, settled by the test. */
function controlledRead() {
  const pending: (() => void)[] = [];
  let begun = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      const number = ++begun;
      pending.push(() => resolve(number));
    });
  return { read, settleNext: () => pending.shift()!(), begun: () => begun };
}

describe("sharedFreshReads", () => {
  it("gives callers that arrive during a read the next read, shared, never the one that began before them", async () => {
    const source = controlledRead();
    const current = sharedFreshReads(source.read);
    const first = current();
    const duringFirst = [current(), current(), current()];
    expect(source.begun()).toBe(1);
    source.settleNext();
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(source.begun()).toBe(2);
    source.settleNext();
    expect(await Promise.all(duringFirst)).toEqual([2, 2, 2]);
  });

  it("starts afresh once nothing runs, and survives a failed read", async () => {
    let calls = 0;
    const current = sharedFreshReads(async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection lost");
      return calls;
    });
    const failing = current();
    const waiting = current();
    await expect(failing).rejects.toThrow("connection lost");
    expect(await waiting).toBe(2);
    expect(await current()).toBe(3);
  });
});

describe("contentVersionsReader", () => {
  let database: TestDatabase;
  let queries = 0;
  /** The database, counting the version reads that reach it. */
  let counted: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== "execute") return value;
        return (...args: Parameters<typeof target.execute>) => {
          queries += 1;
          return target.execute(...args);
        };
      },
    });
    counted = { ...database, db };
  });
  afterAll(() => database?.dispose());

  const retitle = (title: string) =>
    database.db
      .update(products)
      .set({ title })
      .where(and(eq(products.storeId, DEMO.storeId), eq(products.handle, "house-blend")));

  it("sees a change as soon as the transaction that made it has committed", async () => {
    const read = contentVersionsReader(counted);
    const before = await read();
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ title: "House Blend, Renamed" }).where(eq(products.handle, "house-blend"));
      expect(await read()).toEqual(before);
    });
    const after = await read();
    expect(after.pages).toBeGreaterThan(before.pages);
    expect(after).toEqual(await readContentVersions(database.db));
  });

  it("keeps a change that rolled back out of sight", async () => {
    const read = contentVersionsReader(counted);
    const before = await read();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ title: "Never Shown" }).where(eq(products.handle, "house-blend"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await read()).toEqual(before);
  });

  it.skipIf(usingPostgres())("asks the embedded database once between moves: it is told of every move", async () => {
    const read = contentVersionsReader(counted);
    await read();
    queries = 0;
    await Promise.all(Array.from({ length: 20 }, () => read()));
    expect(queries).toBe(0);
    await retitle("House Blend");
    const moved = await read();
    expect(queries).toBe(1);
    expect(moved).toEqual(await readContentVersions(database.db));
  });

  it.runIf(usingPostgres())("asks PostgreSQL for every answer: another instance's change must show at once", async () => {
    const read = contentVersionsReader(counted);
    await read();
    queries = 0;
    await read();
    await read();
    expect(queries).toBe(2);
  });
});
