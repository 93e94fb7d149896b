import { describe, expect, it } from "vitest";
import { sharedFreshReads } from "./content-version";

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
