import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/database";
import { captureLogs } from "../tests/support/log-capture";
import { newsletterSubscribers } from "./db/schema";
import { logger } from "./logger";

const EMAIL = "private.person@example.com";

/** The one JSON line the shop's logger prints for `write`. */
async function logged(write: () => void): Promise<Record<string, unknown>> {
  return JSON.parse((await captureLogs(write)).output) as Record<string, unknown>;
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("error logs", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await database.dispose();
  });

  const subscriber = { storeId: "demo", email: EMAIL, emailNormalized: EMAIL, source: "footer" as const, unsubscribeTokenHash: "x" };

  it("keep the statement and the database's error but never the parameters or the row it repeats", async () => {
    await database.db.insert(newsletterSubscribers).values(subscriber);
    const duplicate = await failureOf(database.db.insert(newsletterSubscribers).values(subscriber));
    // The raw error carries the email three times over: Drizzle's message and params, PostgreSQL's detail.
    expect(JSON.stringify({ message: (duplicate as Error).message, ...(duplicate as object) })).toContain(EMAIL);

    const line = await logged(() => logger.error({ err: duplicate }, "request failed"));
    const text = JSON.stringify(line);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain("private.person");
    expect(line.err).toMatchObject({
      message: expect.stringMatching(/^Failed query: insert into "newsletter_subscribers" .*\$1/),
      query: expect.stringContaining('insert into "newsletter_subscribers"'),
      cause: { code: "23505", constraint: "newsletter_store_email_uq", message: expect.stringContaining("duplicate key") },
    });
    expect((line.err as { stack: string }).stack).toMatch(/^Error: Failed query: insert into .*\n {4}at /);
  });

  it("keep PostgreSQL's sentence but not the value it quotes", async () => {
    const badNumber = await failureOf(database.db.execute(sql`select ${"555-0100 Ann"}::integer`));
    const text = JSON.stringify(await logged(() => logger.error(badNumber)));
    expect(text).toContain("invalid input syntax for type integer");
    expect(text).toContain("22P02");
    expect(text).not.toContain("555-0100");
  });
});
