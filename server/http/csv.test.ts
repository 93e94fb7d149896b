/**
 * The shop's CSV writer writes, to the byte, what csv-stringify wrote with the shop's rules (its quoting of ; and
 * lone line breaks, the formula guard as a cast of every string): the files the shop handed out before read the same.
 * A file of pages reads the next page while it writes one, and a page that fails to read fails the file where it
 * would have been, however long the client took the page before.
 */
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvPages, toCsv } from "./csv";

const UNGUARDED = /(^|[,;\r\n])(?=[=+\-@\t\r])/g;

/** The writer the shop used until it wrote its own. */
const csvStringify = (rows: unknown[][]) =>
  stringify(rows, {
    record_delimiter: "\r\n",
    quoted_match: /[\r\n;]/,
    cast: {
      string: (value) => value.replace(UNGUARDED, "$1'"),
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });

const CELLS: unknown[] = [
  "",
  "plain",
  " spaced ",
  '=HYPERLINK("http://evil","x")',
  "Bob;=cmd|' /C calc'!A0;",
  "+1",
  "-5",
  "@SUM(A1)",
  "\tTab",
  "\rReturn",
  "a\nb",
  "a\r\nb",
  "ends\r",
  "a,b",
  'say "hi"',
  '"',
  "''",
  "'=already",
  "x,=y;+z\n-w\r@v",
  "1 × Harbor Dark Roast — Ground, 12 oz",
  "日本語；全角",
  null,
  undefined,
  0,
  -12,
  3.5,
  1e21,
  Number.NaN,
  12345678901234567890n,
  true,
  false,
  new Date("2026-11-28T18:17:44.123Z"),
  { a: 1, b: "x,y" },
  ["one", "two"],
];

/** A seeded stream of cells built from the characters the rules are about, so every mix of them is met. */
function* randomCells(count: number): Generator<string> {
  const alphabet = ['"', ",", ";", "\r", "\n", "=", "+", "-", "@", "\t", "'", "a", " ", "1"];
  let seed = 38;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let index = 0; index < count; index++) {
    let cell = "";
    for (let length = next() % 7; length > 0; length--) cell += alphabet[next() % alphabet.length];
    yield cell;
  }
}

describe("toCsv", () => {
  it("writes every kind of cell as csv-stringify did with the shop's rules", () => {
    const rows = [CELLS, [...CELLS].reverse(), [], [null], [""], ["only"]];
    expect(toCsv(rows)).toBe(csvStringify(rows));
  });

  it("writes any mix of separators, quotes, line breaks and formula starts as csv-stringify did", () => {
    const cells = [...randomCells(5_000)];
    const rows = Array.from({ length: 500 }, (_, index) => cells.slice(index * 10, index * 10 + 10));
    expect(toCsv(rows)).toBe(csvStringify(rows));
  });

  it("writes nothing for no rows", () => {
    expect(toCsv([])).toBe("");
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

  it("fails where the page that could not be read would have been, the client slow to take the one before", async () => {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    try {
      async function* pages() {
        yield 1;
        await tick();
        throw new Error("the database went away");
      }
      const file = csvPages(["page"], pages(), (page) => [[page]]);
      expect((await file.next()).value).toBe("page\r\n");
      expect((await file.next()).value).toBe("1\r\n");
      await tick();
      await tick();
      await expect(file.next()).rejects.toThrow("the database went away");
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", collect);
    }
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
