import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";

describe("a contact message over SMTP", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, SHOP_OWNER_EMAIL: "owner@shop.test", MAIL_FROM: "Shop <shop@shop.test>" });
  });
  afterAll(async () => {
    t?.deps.mailer.close();
    await t?.database.dispose();
    await smtp?.close();
  });

  it("reaches the owner with Reply-To set to the customer, so Reply answers the customer", async () => {
    const response = await t.call("POST", "/api/customer_service/process_customer_service_request", {
      customer_service_data: { customer_name: "Grace Hopper", customer_email: "grace@example.com", message: "Do you ship to Alaska?" },
      store_id: t.database.storeId,
    });
    expect(response.status).toBe(200);
    const raw = smtp.received.at(-1)!;
    expect(raw).toMatch(/^To: owner@shop\.test\r?$/m);
    expect(raw).toMatch(/^From: Shop <shop@shop\.test>\r?$/m);
    expect(raw).toMatch(/^Reply-To: grace@example\.com\r?$/m);
  });
});
