import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { messageAnswerSchema, messagePageSchema } from "../../core/schemas/admin-messages";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { auditEvents, contactReplies, mailOutbox } from "../db/schema";
import { commandLineActor } from "../audit/audit";
import { createApiToken } from "../staff/tokens";
import { changeStoreSettings } from "../store/settings";

let t: TestApp;
let desk: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ SHOP_OWNER_EMAIL: "owner@shop.test" });
  // Fulfilment answers customers too: the inbox is theirs as much as the owner's.
  const token = await createApiToken(t.deps.db, commandLineActor(t.deps.storeId), { name: "front desk", role: "fulfilment" });
  desk = { authorization: `Bearer ${token.secret}` };
});
afterAll(async () => {
  await t.database.dispose();
});

type Answer = Partial<z.infer<typeof messageAnswerSchema> & z.infer<typeof messagePageSchema>> & { error?: string; field?: string };

const call = async (method: string, path: string, body?: unknown, headers = desk) => {
  const response = await t.call(method, path, body, headers);
  return { status: response.status, body: (await response.json()) as Answer };
};

async function customerWrites(name: string, email: string, message: string): Promise<number> {
  const response = await t.call("POST", "/api/customer_service/process_customer_service_request", {
    customer_service_data: { customer_name: name, customer_email: email, message },
    store_id: t.deps.storeId,
  });
  expect(response.status).toBe(200);
  const { body } = await call("GET", "/api/admin/messages");
  return body.messages!.find((m) => m.email === email)!.id;
}

describe("the inbox of contact messages", () => {
  it("lists a new message, opens it as read, and mails a reply to the customer that is kept on the message", async () => {
    const id = await customerWrites("Grace Hopper", "grace@example.com", "Do you ship to Alaska?\nThanks!");
    expect((await call("GET", "/api/admin/messages?status=new")).body.messages!.map((m) => m.id)).toContain(id);

    // A plain read changes nothing; opening marks it read, once, in the audit trail.
    expect((await call("GET", `/api/admin/messages/${id}`)).body.message).toMatchObject({ status: "new", name: "Grace Hopper", replies: [] });
    expect((await call("POST", `/api/admin/messages/${id}/read`)).body.message!.status).toBe("read");
    expect((await call("POST", `/api/admin/messages/${id}/read`)).body.message!.status).toBe("read");
    const reads = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entity, "contact-message"), eq(auditEvents.action, "contact-message.read")));
    expect(reads.map((event) => [event.entityId, event.actorLabel, event.changes])).toEqual([
      [String(id), "front desk", { status: { before: "new", after: "read" } }],
    ]);

    const replied = await call("POST", `/api/admin/messages/${id}/replies`, { body: "  Yes, we ship to Alaska.  " });
    expect(replied.status).toBe(201);
    expect(replied.body.message).toMatchObject({ status: "answered", replies: [{ author: "front desk", body: "Yes, we ship to Alaska." }] });

    const [reply] = await t.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, reply.mailId!));
    expect(mail).toMatchObject({ to: "grace@example.com", kind: "contact-reply", replyTo: "owner@shop.test" });
    expect(mail.subject).toMatch(/^Re: your message to /);
    expect(mail.text).toContain("Yes, we ship to Alaska.\n\nGrace Hopper wrote:\n> Do you ship to Alaska?\n> Thanks!");
    const [audit] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "contact-message.reply")).orderBy(desc(auditEvents.id)).limit(1);
    expect(audit.changes).toMatchObject({ status: { before: "read", after: "answered" }, reply: { before: null, after: "Yes, we ship to Alaska." } });

    // A second reply is kept beside the first.
    await call("POST", `/api/admin/messages/${id}/replies`, { body: "And shipping is free over $40." });
    expect((await call("GET", `/api/admin/messages/${id}`)).body.message!.replies.map((r) => r.body)).toEqual([
      "Yes, we ship to Alaska.",
      "And shipping is free over $40.",
    ]);
  });

  it("asks the customer to answer to the store's contact email when the owner set one", async () => {
    await changeStoreSettings(t.deps.db, commandLineActor(t.deps.storeId), { contactEmail: "help@shop.test" });
    const id = await customerWrites("Ada", "ada@example.com", "Where is my order?");
    await call("POST", `/api/admin/messages/${id}/replies`, { body: "On its way." });
    const [reply] = await t.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    const [mail] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, reply.mailId!));
    expect(mail).toMatchObject({ to: "ada@example.com", replyTo: "help@shop.test" });
  });

  it("moves spam out of the inbox, refuses to reply to it, and brings it back", async () => {
    const id = await customerWrites("", "spammer@example.com", "Cheap watches");
    const marked = await call("POST", `/api/admin/messages/${id}/spam`, { spam: true });
    expect(marked.body.message!.status).toBe("spam");
    expect((await call("GET", "/api/admin/messages")).body.messages!.map((m) => m.id)).not.toContain(id);
    expect((await call("GET", "/api/admin/messages?status=spam")).body.messages!.map((m) => m.id)).toEqual([id]);

    const refused = await call("POST", `/api/admin/messages/${id}/replies`, { body: "No thanks" });
    expect(refused.status).toBe(409);
    expect(await t.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);

    expect((await call("POST", `/api/admin/messages/${id}/spam`, { spam: false })).body.message!.status).toBe("read");
  });

  it("pages with a cursor and refuses bad input, unknown messages and callers without a session", async () => {
    // Two more: the contact form takes five messages an hour from one client (CONTACT_RATE_LIMIT), and this file sends five.
    for (const n of [1, 2]) await customerWrites(`Reader ${n}`, `reader${n}@example.com`, `Question ${n}`);
    const first = await t.call("GET", "/api/admin/messages", undefined, desk);
    const all = ((await first.json()) as Answer).messages!.map((m) => m.id);
    const rest = (await call("GET", `/api/admin/messages?cursor=${all[1]}`)).body.messages!.map((m) => m.id);
    expect(rest).toEqual(all.slice(2));
    expect((await call("GET", "/api/admin/messages?status=archived")).body).toMatchObject({ field: "status" });
    expect((await call("GET", "/api/admin/messages?cursor=abc")).status).toBe(400);
    expect((await call("POST", "/api/admin/messages/1/replies", { body: "   " })).body).toMatchObject({ field: "body" });
    expect((await call("POST", "/api/admin/messages/1/spam", { spam: "yes" })).body).toMatchObject({ field: "spam" });
    expect((await call("GET", "/api/admin/messages/999999")).status).toBe(404);
    expect((await call("POST", "/api/admin/messages/999999/replies", { body: "Hello" })).status).toBe(404);
    expect((await call("GET", "/api/admin/messages", undefined, {})).status).toBe(401);
  });
});
