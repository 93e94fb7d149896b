import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { contactMessages } from "../db/schema";

const NOT_STORABLE = "must not contain NUL characters or unpaired surrogates";

describe("text the database cannot store, and bodies too big or unreadable", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.database.dispose();
  });

  const errorOf = async (response: Response) => ({ status: response.status, body: await response.json() });

  it.each([
    ["store_id", { store_id: "de\u0000mo", query: "coffee" }],
    ["query", { store_id: "demo", query: "cof\u0000fee" }],
    ["query", { store_id: "demo", query: "lone \ud800 surrogate" }],
  ])("a keyword search with one in %s is a 400 naming it", async (field, body) => {
    expect(await errorOf(await t.call("POST", "/api/search/keyword-search", body))).toEqual({
      status: 400,
      body: { error: NOT_STORABLE, field },
    });
  });

  it("a contact message with a NUL is refused whole, and nothing is kept", async () => {
    const before = (await t.deps.db.select().from(contactMessages)).length;
    const response = await t.call("POST", "/api/customer_service/process_customer_service_request", {
      store_id: "demo",
      customer_service_data: { customer_name: "Ann", customer_email: "ann@example.com", customer_phone_number: "", message: "hi\u0000" },
    });
    expect(await errorOf(response)).toEqual({ status: 400, body: { error: NOT_STORABLE, field: "customer_service_data.message" } });
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(before);
  });

  it.each([
    ["/api/bundles/%00?store_id=demo", "handle"],
    ["/api/discount/AB%00", "code"],
    ["/api/search/collection?store_id=%00", "store_id"],
    ["/api/stripe/checkout-session?session_id=%00", "session_id"],
    ["/api/discount/popupDiscount?store_id=x%00", "store_id"],
    ["/api/auth/status?store_id=%00", "store_id"],
  ])("GET %s is a 400 naming %s", async (path, field) => {
    expect(await errorOf(await t.call("GET", path))).toEqual({ status: 400, body: { error: NOT_STORABLE, field } });
  });

  it("static page data named with a NUL is not found", async () => {
    expect((await t.call("GET", "/data/about%00.json")).status).toBe(404);
  });

  it.each(["/login", "/signup", "/forgot-password", "/reset-password", "/profile"])(
    "a page's form post over 64 KB to %s is refused with 413 before the page reads it",
    async (path) => {
      const response = await t.call("POST", path, `email=a%40b.co&padding=${"p".repeat(70 * 1024)}`, {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(await errorOf(response)).toEqual({ status: 413, body: { error: "Request body is larger than 64 KB" } });
    },
  );

  it("a page post whose body is not a form is a 400, not the action's failure", async () => {
    const response = await t.call("POST", "/login", { email: "a@b.co" });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Request body must be a valid form");
  });

  it("a malformed multipart body to a form endpoint of the API is a 400", async () => {
    const response = await t.call("POST", "/api/discount/sendWelcomeEmail", "not multipart", {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(await errorOf(response)).toEqual({ status: 400, body: { error: "Request body must be a valid form" } });
  });
});
