/**
 * Whether the shop's email goes out (issue 37), against a real SMTP server: the status names the server and where
 * the shop's alerts go, a test email is delivered, kept in the outbox with no server, or refused with the server's
 * reason shown; and a new order's alert goes to the store's contact email once one is set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";
import { commandLineActor } from "../audit/audit";
import { mailOutbox } from "../db/schema";
import { mailStatus, sendTestEmail, smtpHost } from "./mail";
import { changeStoreRules, getStoreRules } from "./rules";

let smtp: TestSmtpServer;
let t: TestApp | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(async () => {
  await t?.database.dispose();
  t = undefined;
});

describe("the shop's email", () => {
  it("names the server without its credentials", () => {
    expect(smtpHost("smtps://shop:secret@smtp.example.com:465")).toBe("smtp.example.com:465");
    expect(smtpHost("smtp://localhost")).toBe("localhost");
    expect(smtpHost(undefined)).toBeNull();
  });

  it("delivers a test email through the server, and says where the shop's alerts go", async () => {
    t = await createTestApp({ SMTP_URL: smtp.url });
    const before = smtp.received.length;
    expect(await sendTestEmail(t.deps, t.deps.storeId, "olive@example.com")).toBe("delivered");
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)).toContain("Subject: Test email from");
    const status = await mailStatus(t.deps, t.deps.storeId);
    expect(status).toEqual({ server: new URL(smtp.url).host, shopAddress: t.deps.config.SHOP_OWNER_EMAIL, contactEmailSet: false, lastFailure: null });
  });

  it("says the server's reason when it refuses the test email", async () => {
    t = await createTestApp({ SMTP_URL: smtp.url });
    smtp.refuseNext(1, 550);
    expect(await sendTestEmail(t.deps, t.deps.storeId, "olive@example.com")).toBe("refused");
    const { lastFailure } = await mailStatus(t.deps, t.deps.storeId);
    expect(lastFailure).toMatchObject({ to: "olive@example.com", error: expect.stringContaining("Mailbox busy") });
  });

  it("keeps the test email in the outbox when no server is set", async () => {
    t = await createTestApp();
    expect(await sendTestEmail(t.deps, t.deps.storeId, "olive@example.com")).toBe("kept");
    expect((await mailStatus(t.deps, t.deps.storeId)).server).toBeNull();
    const kept = await t.deps.db.select({ kind: mailOutbox.kind, to: mailOutbox.to }).from(mailOutbox);
    expect(kept).toContainEqual({ kind: "test", to: "olive@example.com" });
  });

  it("sends the shop's alerts to its contact email once one is set", async () => {
    t = await createTestApp();
    const rules = await getStoreRules(t.deps.db, t.deps.storeId);
    await changeStoreRules(t.deps.db, commandLineActor(t.deps.storeId), { ...rules, contact_email: "orders@roastery.example" });
    expect(await mailStatus(t.deps, t.deps.storeId)).toMatchObject({ shopAddress: "orders@roastery.example", contactEmailSet: true });
  });
});
