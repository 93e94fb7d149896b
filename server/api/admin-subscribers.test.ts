import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { subscriberAnswerSchema, subscriberPageSchema } from "../../core/schemas/admin-subscribers";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { tokenHeaders } from "../../tests/support/api-tokens";
import { auditEvents } from "../db/schema";
import { addSubscriber, unsubscribe } from "../newsletter/subscribers";

let t: TestApp;
let desk: Record<string, string>;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  desk = await tokenHeaders(t, "fulfilment", "front desk");
  tokens = {};
  for (const email of ["Ada@Example.com", "=cmd@example.com", "grace@example.org"]) {
    tokens[email] = (await addSubscriber(t.deps.db, t.deps.storeId, email, "footer")).unsubscribeToken;
  }
  await unsubscribe(t.deps.db, tokens["grace@example.org"]);
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof subscriberAnswerSchema> & z.infer<typeof subscriberPageSchema>> & { error?: string; field?: string };

const call = async (method: string, path: string, headers = desk) => {
  const response = await t.call(method, path, undefined, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

describe("newsletter subscribers", () => {
  it("lists by part of the address in any case and by status", async () => {
    const emails = async (query: string) => (await call("GET", `/api/admin/subscribers${query}`)).body.subscribers!.map((s) => s.email);
    expect(await emails("?q=EXAMPLE.COM")).toEqual(["=cmd@example.com", "Ada@Example.com"]);
    expect(await emails("?status=unsubscribed")).toEqual(["grace@example.org"]);
    expect(await emails("?status=subscribed&q=ada")).toEqual(["Ada@Example.com"]);
    // A search term's % and _ are letters, not patterns.
    expect(await emails("?q=%25")).toEqual([]);
    const [grace] = (await call("GET", "/api/admin/subscribers?q=grace")).body.subscribers!;
    expect(grace).toMatchObject({ status: "unsubscribed", source: "footer" });
    expect(grace.unsubscribed_at).not.toBeNull();
  });

  it("exports the filtered list as CSV, a formula shown as text", async () => {
    const response = await t.call("GET", "/api/admin/subscribers.csv?status=subscribed", undefined, desk);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="subscribers.csv"');
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status,source,subscribed_at,unsubscribed_at");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual(["'=cmd@example.com,subscribed,footer", "Ada@Example.com,subscribed,footer"]);
  });

  it("unsubscribes someone as their own link would, once, in the audit trail; they may sign up again", async () => {
    const [ada] = (await call("GET", "/api/admin/subscribers?q=ada")).body.subscribers!;
    const done = await call("POST", `/api/admin/subscribers/${ada.id}/unsubscribe`);
    expect(done.body.subscriber).toMatchObject({ email: "Ada@Example.com", status: "unsubscribed" });
    expect((await call("POST", `/api/admin/subscribers/${ada.id}/unsubscribe`)).body.subscriber!.unsubscribed_at).toBe(done.body.subscriber!.unsubscribed_at);
    // Their old link still answers as a link that worked, and changes nothing.
    expect(await unsubscribe(t.deps.db, tokens["Ada@Example.com"])).toBe(true);

    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "subscriber.unsubscribe")).orderBy(desc(auditEvents.id));
    expect(events.map((event) => [event.entityId, event.actorLabel])).toEqual([[String(ada.id), "front desk"]]);
    await addSubscriber(t.deps.db, t.deps.storeId, "ada@example.com", "popup");
    expect((await call("GET", "/api/admin/subscribers?q=ada")).body.subscribers![0]).toMatchObject({ status: "subscribed", source: "popup" });
  });

  it("refuses bad input, unknown subscribers and callers without a session", async () => {
    expect((await call("GET", "/api/admin/subscribers?status=gone")).body).toMatchObject({ field: "status" });
    expect((await call("GET", "/api/admin/subscribers.csv?cursor=x")).status).toBe(400);
    expect((await call("POST", "/api/admin/subscribers/999999/unsubscribe")).status).toBe(404);
    expect((await call("GET", "/api/admin/subscribers", {})).status).toBe(401);
  });
});
