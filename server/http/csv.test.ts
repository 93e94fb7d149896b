/**
 * A file of pages reads the next page while it writes one, and a page that fails to read fails the file where it
 * would have been, however long the client took the page before; a download cut short stops the reading.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvPages, toCsv, unguardCsvCell } from "./csv";

describe("toCsv", () => {
  it("guards every start a spreadsheet may see, quotes what a , or ; reader would split, and writes numbers bare", () => {
    const file = toCsv([
      ["=SUM(A1)", "Bob;=cmd|x", "a,b", 'say "hi"', "two\nlines", " padded ", -5, "-5", null, true, "plain"],
      [1, "", undefined, "@home", "\tTab", "x\r+1"],
    ]);
    expect(file).toBe(
      `'=SUM(A1),"Bob;'=cmd|x","a,b","say ""hi""","two\nlines"," padded ",-5,'-5,,true,plain\r\n` +
        `1,,,'@home,'\tTab,"x\r'+1"\r\n`,
    );
    expect(toCsv([])).toBe("");
  });

  it("reads back, through the shop's CSV reader, as the cells it was given", () => {
    // Not ': a cell's own ' before a formula character reads back as the guard (unguardCsvCell's one ambiguity).
    const alphabet = ["a", "Z", "0", " ", ",", ";", '"', "=", "+", "-", "@", "\t", "\r", "\n", "×", "é"];
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const cell = () => Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    const rows = Array.from({ length: 300 }, () => Array.from({ length: 4 }, cell));
    const read: string[][] = parse(toCsv(rows), { relax_column_count: true });
    expect(read.map((row) => row.map(unguardCsvCell))).toEqual(rows);
  });
});

describe("csvPages", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("asks for the next page before writing this one's rows, and writes the bytes of the whole file", async () => {
    const log: string[] = [];
    async function* pages() {
      for (let page = 1; page <= 3; page++) {
        log.push(`asked ${page}`);
        await tick();
        yield page;
      }
    }
    let file = "";
    for await (const chunk of csvPages(["page"], pages(), (page) => {
      log.push(`wrote ${page}`);
      return [[page]];
    }))
      file += chunk;
    expect(log).toEqual(["asked 1", "asked 2", "wrote 1", "asked 3", "wrote 2", "wrote 3"]);
    expect(file).toBe(toCsv([["page"], [1], [2], [3]]));
  });

  /** Takes the file's chunks before the failing read slowly, then expects the failure there and no unhandled rejection. */
  async function expectFailureWhereThePageWas(pages: AsyncIterable<number>, before: string[]) {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    try {
      const file = csvPages(["page"], pages, (page) => [[page]]);
      for (const chunk of before) expect((await file.next()).value).toBe(chunk);
      await tick();
      await tick();
      await expect(file.next()).rejects.toThrow("the database went away");
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
    }
  }

  it("fails where the page that could not be read would have been, the client slow to take the one before", async () => {
    async function* pages() {
      yield 1;
      await tick();
      throw new Error("the database went away");
    }
    await expectFailureWhereThePageWas(pages(), ["page\r\n", "1\r\n"]);
  });

  it("fails where the first page would have been when it cannot be read, the client slow to take the header", async () => {
    const pages: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          await tick();
          throw new Error("the database went away");
        },
      }),
    };
    await expectFailureWhereThePageWas(pages, ["page\r\n"]);
  });

  it("stops reading pages when the download is cut short", async () => {
    const asked: number[] = [];
    let closed = false;
    async function* pages() {
      try {
        for (let page = 1; page <= 100; page++) {
          asked.push(page);
          await tick();
          yield page;
        }
      } finally {
        closed = true;
      }
    }
    const file = csvPages(["page"], pages(), (page) => [[page]]);
    await file.next();
    await file.next();
    await file.return(undefined);
    expect(closed).toBe(true);
    expect(asked).toEqual([1, 2]);
  });
});
