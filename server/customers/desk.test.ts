import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { createCustomer } from "../accounts/customers";
import { addSubscriber, unsubscribe } from "../newsletter/subscribers";
import { getDeskCustomer, listDeskCustomers } from "./desk";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database.dispose();
});

const PASSWORD = "a long enough passphrase 42";

describe("the customers desk", () => {
  it("finds accounts with no orders by email or full name, newest first, a page at a time, with their newsletter status", async () => {
    const storeId = database.storeId;
    const [pat, quinn, rae] = await Promise.all(
      [
        ["pat@example.com", "Pat", "Price"],
        ["quinn@example.com", "Quinn", "Price"],
        ["rae_100%@example.com", "Rae", "Reed"],
      ].map(async ([email, firstName, lastName]) => (await createCustomer(database.db, storeId, { email, password: PASSWORD, firstName, lastName }))!),
    );
    const ids = (page: { customers: { accountId: number | null }[] }) => page.customers.map((customer) => customer.accountId);

    expect(ids(await listDeskCustomers(database.db, storeId, { q: "PRICE" })).sort()).toEqual([pat.id, quinn.id].sort());
    expect(ids(await listDeskCustomers(database.db, storeId, { q: "quinn price" }))).toEqual([quinn.id]);
    expect(ids(await listDeskCustomers(database.db, storeId, { q: "_100%" }))).toEqual([rae.id]);
    expect(await listDeskCustomers(database.db, storeId, { q: "price", limit: 1 })).toMatchObject({
      customers: [{ orderCount: 0, totalSpentCents: 0 }],
      nextCursor: expect.any(String),
    });

    const newest = Math.max(pat.id, quinn.id, rae.id);
    const first = await listDeskCustomers(database.db, storeId, { limit: 2 });
    expect(first.customers[0].accountId).toBe(newest);
    const rest = await listDeskCustomers(database.db, storeId, { limit: 2, cursor: first.nextCursor! });
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(ids(first).length + ids(rest).length);

    expect((await getDeskCustomer(database.db, storeId, String(pat.id))).newsletter).toBe("not subscribed");
    const { unsubscribeToken } = await addSubscriber(database.db, storeId, "PAT@example.com", "footer");
    expect((await getDeskCustomer(database.db, storeId, String(pat.id))).newsletter).toBe("subscribed");
    await unsubscribe(database.db, unsubscribeToken);
    expect(await getDeskCustomer(database.db, storeId, String(pat.id))).toMatchObject({ newsletter: "unsubscribed", orders: [], totalSpentCents: 0 });
    await expect(getDeskCustomer(database.db, storeId, "999999")).rejects.toMatchObject({ kind: "not-found" });
  });
});
