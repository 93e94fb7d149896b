import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../db/seed";
import { reviews } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { listAudit } from "../audit/audit";
import { reviewsCommand } from "./reviews";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database.dispose();
});

describe("shop reviews command", () => {
  it("lists reviews, responds to one, hides and shows it again", async () => {
    const { db } = database;
    const listing = await reviewsCommand(database, DEMO.storeId, ["list"]);
    const id = Number(listing.match(/^#(\d+)/)![1]);
    const [{ response: seededResponse }] = await db.select({ response: reviews.response }).from(reviews).where(eq(reviews.id, id));
    expect(listing).toMatch(/★/);
    expect(listing).toContain("published");

    expect(await reviewsCommand(database, DEMO.storeId, ["respond", String(id), "Thanks", "so", "much!"])).toBe(
      `Review #${id} now shows your response.`,
    );
    expect(await reviewsCommand(database, DEMO.storeId, ["hide", String(id)])).toContain("hidden");
    let [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ response: "Thanks so much!", hidden: true });
    expect(await reviewsCommand(database, DEMO.storeId, ["list"])).toContain("HIDDEN");

    await reviewsCommand(database, DEMO.storeId, ["show", String(id)]);
    await reviewsCommand(database, DEMO.storeId, ["respond", String(id)]);
    [row] = await db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ response: null, hidden: false });

    const { events } = await listAudit(db, DEMO.storeId, { entity: "review" });
    expect(events.map((event) => [event.action, event.actorLabel, event.changes])).toEqual([
      ["review.respond", "command line", { response: { before: "Thanks so much!", after: null } }],
      ["review.show", "command line", { hidden: { before: true, after: false } }],
      ["review.hide", "command line", { hidden: { before: false, after: true } }],
      ["review.respond", "command line", { response: { before: seededResponse, after: "Thanks so much!" } }],
    ]);
  });

  it("refuses bad ids, unknown reviews and unknown subcommands", async () => {
    await expect(reviewsCommand(database, DEMO.storeId, ["hide", "abc"])).rejects.toThrow(/whole number/);
    await expect(reviewsCommand(database, DEMO.storeId, ["hide", "999999"])).rejects.toThrow("Review not found: 999999");
    await expect(reviewsCommand(database, DEMO.storeId, ["delete", "1"])).rejects.toThrow(/Unknown reviews command "delete"/);
    await expect(reviewsCommand(database, DEMO.storeId, [])).rejects.toThrow(/Usage/);
  });
});
