import { desc } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database";
import { mailOutbox } from "../db/schema";
import { createMailer } from "./mailer";

describe("mailer", () => {
  let database: TestDatabase;
  let smtp: SMTPServer;
  let port = 0;
  const received: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database.dispose();
  });

  const mail = { storeId: "demo", to: "shopper@example.com", subject: "Hello", text: "Hi there", html: "<p>Hi there</p>", kind: "test" };

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const mailer = createMailer(database.db, { from: "Shop <shop@localhost>" });
    const result = await mailer.send(mail);
    expect(result.delivered).toBe(false);
    const [row] = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ to: "shopper@example.com", subject: "Hello", kind: "test", sentAt: null });
  });

  it("delivers over SMTP and records the delivery", async () => {
    const mailer = createMailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Shop <shop@localhost>" });
    const result = await mailer.send({ ...mail, subject: "Delivered" });
    mailer.close();
    expect(result.delivered).toBe(true);
    expect(received.at(-1)).toContain("Subject: Delivered");
    const [row] = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("delivers extra headers such as List-Unsubscribe", async () => {
    const mailer = createMailer(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Shop <shop@localhost>" });
    await mailer.send({ ...mail, subject: "With headers", headers: { "List-Unsubscribe": "<https://shop.test/u?token=abc>" } });
    mailer.close();
    expect(received.at(-1)).toContain("List-Unsubscribe: <https://shop.test/u?token=abc>");
  });

  it("keeps an undeliverable message unsent instead of failing the caller", async () => {
    const mailer = createMailer(database.db, { smtpUrl: "smtp://127.0.0.1:1", from: "Shop <shop@localhost>" });
    const result = await mailer.send({ ...mail, subject: "Undeliverable" });
    expect(result.delivered).toBe(false);
  });
});
