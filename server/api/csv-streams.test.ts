/**
 * The back office's long files are sent as they are read, a page at a time (issue 38): a row changed after the
 * download began, in a page not yet read, is in the file as it is then. A file built whole before it was sent could
 * not hold it. The pages follow each other by key, so a row is never missed or written twice, ties included.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { addGeneratedProducts, seededRandom } from "../../tests/support/generated-catalogue";
import { customers, newsletterSubscribers, products, variants } from "../db/schema";

let t: TestApp;
let manager: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  manager = await tokenHeaders(t, "manager", "streams");
});
afterAll(async () => {
  await t.database.dispose();
});

/** Opens a download and reads its first piece only: the response is under way, the rest not yet asked for. */
async function opened(path: string) {
  const response = await t.call("GET", path, undefined, manager);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  expect(first.done).toBe(false);
  let text = decoder.decode(first.value, { stream: true });
  return {
    text,
    async rest() {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
      return text + decoder.decode();
    },
  };
}

const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

describe("CSV files sent as they are read", () => {
  it("the product export: a product added after the download began, past the pages read, is in the file", async () => {
    // Three pages of 500 and more: the last is read long after the header has gone out.
    await addGeneratedProducts(t.deps.db, t.deps.storeId, 1_200, seededRandom(7));
    const total = (await t.deps.db.select({ id: products.id }).from(products).where(eq(products.storeId, t.deps.storeId))).length;
    const download = await opened("/api/admin/products/export");
    expect(download.text.startsWith("Handle,Title,")).toBe(true);

    const [late] = await t.deps.db.insert(products).values({ storeId: t.deps.storeId, handle: "late-comer", title: "Late Comer" }).returning();
    await t.deps.db.insert(variants).values({ storeId: t.deps.storeId, productId: late.id, sku: "LATE-1", priceCents: 900, stock: 1 });
    const rows = rowsOf(await download.rest());

    expect(rows.at(-1)).toMatchObject({ Handle: "late-comer", Title: "Late Comer", "Variant SKU": "LATE-1" });
    const handles = new Set(rows.map((row) => row.Handle));
    expect(handles.size).toBe(total + 1);
    expect(handles.has("generated-0") && handles.has("generated-1199")).toBe(true);
  });

  it("the subscribers: one who leaves after the download began, in a page not yet read, is not in the file", async () => {
    const signups = Array.from({ length: 1_100 }, (_, n) => ({
      storeId: t.deps.storeId,
      email: `reader-${n}@example.com`,
      emailNormalized: `reader-${n}@example.com`,
      source: "footer" as const,
      unsubscribeTokenHash: `hash-${n}`,
    }));
    await t.deps.db.insert(newsletterSubscribers).values(signups);
    const download = await opened("/api/admin/subscribers.csv");
    // Newest first: the first to sign up is on the last page.
    await t.deps.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.emailNormalized, "reader-0@example.com"));
    const emails = rowsOf(await download.rest()).map((row) => row.email);
    expect(emails).not.toContain("reader-0@example.com");
    expect(emails).toContain("reader-1@example.com");
    expect(new Set(emails).size).toBe(emails.length);
  });

  it("the customers: every one once, in the list's order, across pages of customers signed up at the same moment", async () => {
    const at = new Date("2026-03-01T10:00:00.123456Z");
    await t.deps.db.insert(customers).values(
      Array.from({ length: 1_050 }, (_, n) => ({
        storeId: t.deps.storeId,
        email: `same-moment-${String(n).padStart(4, "0")}@example.com`,
        emailNormalized: `same-moment-${String(n).padStart(4, "0")}@example.com`,
        passwordHash: "x",
        firstName: "Same",
        lastName: `Moment ${n}`,
        createdAt: at,
      })),
    );
    const download = await opened("/api/admin/customers.csv?q=same-moment");
    const emails = rowsOf(await download.rest()).map((row) => row.email);
    expect(emails).toHaveLength(1_050);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(1_050);
  });
});
