import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../tests/support/database";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";
import { mailAttachments, mailOutbox } from "../db/schema";
import { createMailer, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from "./mailer";

const mail = { storeId: "demo", to: "shopper@example.com", subject: "Hello", text: "Hi there", html: "<p>Hi there</p>", kind: "test" };
const outboxRowOf = async (database: TestDatabase, id: number) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe("mailer", () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.dispose();
  });
  const outboxRow = (id: number) => outboxRowOf(database, id);

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const mailer = createMailer(database.db, { from: "Shop <shop@localhost>" });
    const result = await mailer.send(mail);
    expect(result.delivered).toBe(false);
    const [row] = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: "shopper@example.com", subject: "Hello", kind: "test", sentAt: null, nextAttemptAt: null });
  });

  it("delivers over SMTP and records the delivery", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    const result = await mailer.send({ ...mail, subject: "Delivered" });
    mailer.close();
    expect(result.delivered).toBe(true);
    expect(smtp.received.at(-1)).toContain("Subject: Delivered");
    const row = await outboxRow(result.id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  it("delivers extra headers such as List-Unsubscribe", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    await mailer.send({ ...mail, subject: "With headers", headers: { "List-Unsubscribe": "<https://shop.test/u?token=abc>" } });
    mailer.close();
    expect(smtp.received.at(-1)).toContain("List-Unsubscribe: <https://shop.test/u?token=abc>");
  });

  it("sends Reply-To when the message names one", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    const { id } = await mailer.send({ ...mail, subject: "Answer the customer", replyTo: "grace@example.com" });
    mailer.close();
    expect(smtp.received.at(-1)).toMatch(/^Reply-To: grace@example\.com\r?$/m);
    expect((await outboxRow(id)).replyTo).toBe("grace@example.com");
  });

  it("delivers the files a message carries, and lists them with it", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    const content = Buffer.from("%PDF-1.3 a small file");
    const { id } = await mailer.send({ ...mail, subject: "With a file", attachments: [{ filename: "INV-000042.pdf", contentType: "application/pdf", content }] });
    mailer.close();
    const received = smtp.received.at(-1)!;
    expect(received).toMatch(/Content-Type: application\/pdf; name=INV-000042\.pdf/);
    expect(received).toMatch(/Content-Disposition: attachment; filename=INV-000042\.pdf/);
    expect(received).toContain(content.toString("base64"));
    const files = await database.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, id));
    expect(files.map((file) => [file.filename, file.content.equals(content)])).toEqual([["INV-000042.pdf", true]]);
  });

  it("keeps an undeliverable message unsent instead of failing the caller", async () => {
    const mailer = createMailer(database.db, { smtpUrl: "smtp://127.0.0.1:1", from: "Shop <shop@localhost>" });
    const result = await mailer.send({ ...mail, subject: "Undeliverable" });
    mailer.close();
    expect(result.delivered).toBe(false);
  });

});

// The retries read the whole outbox, so they get a database of their own, without the messages above still due.
describe("mail retries", () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.dispose();
  });
  const outboxRow = (id: number) => outboxRowOf(database, id);

  it("retries a refused message after the backoff and delivers it when the server accepts", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    smtp.refuseNext(2);
    const sentAt = Date.now();
    const { id, delivered } = await mailer.send({
      ...mail,
      subject: "Greylisted",
      replyTo: "grace@example.com",
      headers: { "List-Unsubscribe": "<https://shop.test/u?token=abc>" },
    });
    expect(delivered).toBe(false);
    const refused = await outboxRow(id);
    expect(refused).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(refused.lastError).toMatch(/451 Mailbox busy/);
    expect(refused.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(sentAt + MAIL_RETRY_DELAYS_MS[0]);

    // Not due yet: nothing is tried.
    expect(await mailer.retryDue(new Date(refused.nextAttemptAt!.getTime() - 1000))).toEqual({ tried: 0, delivered: 0 });

    // Refused again at the first retry: the wait grows.
    const firstRetry = refused.nextAttemptAt!;
    expect(await mailer.retryDue(firstRetry)).toEqual({ tried: 1, delivered: 0 });
    const refusedTwice = await outboxRow(id);
    expect(refusedTwice.attempts).toBe(2);
    expect(refusedTwice.nextAttemptAt!.getTime()).toBe(firstRetry.getTime() + MAIL_RETRY_DELAYS_MS[1]);

    const received = smtp.received.length;
    expect(await mailer.retryDue(refusedTwice.nextAttemptAt!)).toEqual({ tried: 1, delivered: 1 });
    mailer.close();
    expect(smtp.received).toHaveLength(received + 1);
    expect(smtp.received.at(-1)).toContain("Subject: Greylisted");
    expect(smtp.received.at(-1)).toMatch(/^Reply-To: grace@example\.com\r?$/m);
    expect(smtp.received.at(-1)).toContain("List-Unsubscribe: <https://shop.test/u?token=abc>");
    expect(await outboxRow(id)).toMatchObject({ attempts: 3, lastError: null, nextAttemptAt: null, failedAt: null });
    expect((await outboxRow(id)).sentAt).toBeInstanceOf(Date);
    // Delivered once: later runs find nothing to send.
    expect(await mailer.retryDue(new Date(Date.now() + 86_400_000))).toMatchObject({ delivered: 0 });
  });

  it("marks a message failed, with the server's reason, after the last try", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    const { id } = await mailer.send({ ...mail, subject: "Never taken" });
    for (let tries = 1; tries < MAIL_MAX_ATTEMPTS; tries++) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ attempts: tries, failedAt: null });
      await mailer.retryDue(row.nextAttemptAt!);
    }
    mailer.close();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null, nextAttemptAt: null });
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed.lastError).toMatch(/451 Mailbox busy, try again later/);
  });

  it("gives up at once when the server refuses for good (5xx)", async () => {
    const mailer = createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" });
    smtp.refuseNext(1, 550);
    const { id } = await mailer.send({ ...mail, subject: "No such mailbox" });
    mailer.close();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ attempts: 1, nextAttemptAt: null });
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed.lastError).toMatch(/550/);
  });

  it.skipIf(!usingPostgres())("sends a due message once when several instances retry at the same moment", async () => {
    const instances = Array.from({ length: 4 }, () => createMailer(database.db, { smtpUrl: smtp.url, from: "Shop <shop@localhost>" }));
    smtp.refuseNext(1);
    const { id } = await instances[0].send({ ...mail, subject: "Retried by many" });
    const due = (await outboxRow(id)).nextAttemptAt!;
    const results = await Promise.all(instances.map((instance) => instance.retryDue(due)));
    for (const instance of instances) instance.close();
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(1);
    expect(smtp.received.filter((raw) => raw.includes("Subject: Retried by many"))).toHaveLength(1);
  });
});
