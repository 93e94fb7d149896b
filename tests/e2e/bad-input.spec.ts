import { expect, test } from "./fixtures";

// A page address naming something that cannot exist is the shop's 404 page, not a 500 from the database.
for (const path of [
  "/products/%00",
  "/bundles/a%00b",
  "/pages/%00",
  "/blog/%00",
  "/search/%00",
  "/search?query=%00&type=search",
  "/checkout?session_id=%00",
  "/checkout/%00",
  "/reset-password?token=%00",
  "/verified_review_submission?token=%00",
  "/newsletter/unsubscribe?token=%00",
]) {
  test(`${path} answers the shop's 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
}

test("a sign-in form posted with more than 64 KB is refused with 413 before the page reads it", async ({ request }) => {
  const response = await request.post("/login", {
    form: { email: "a@example.com", password: "p".repeat(70 * 1024) },
  });
  expect(response.status()).toBe(413);
});

test("a sign-in form with a NUL in the email is answered on the page, not with a 500", async ({ request }) => {
  const response = await request.post("/login", { form: { email: "a\u0000@example.com", password: "secret" } });
  expect(response.status()).toBeLessThan(500);
});
