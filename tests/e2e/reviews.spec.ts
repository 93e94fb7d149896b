import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR } from "../../playwright.config";
import { currentShop, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";

test("a link without a token is refused without a check", async ({ page }) => {
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/reviews/")) checks.push(request.url());
  });
  await page.goto("/verified_review_submission");
  await expect(page.getByRole("heading", { name: "Validation Error" })).toBeVisible();
  await expect(page.getByText("No review token provided")).toBeVisible();
  await expect(page.getByText("Please check your review link and try again.")).toBeVisible();
  expect(checks).toEqual([]);
});

test("a tampered review link shows 'Invalid Review Link'", async ({ page }) => {
  await page.goto("/verified_review_submission?review_token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Validation Error" })).toBeVisible();
  await expect(page.getByText("Invalid Review Link")).toBeVisible();
  await expect(page.getByText("Please check your review link and try again.")).toBeVisible();
  await expect(page.getByRole("form")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

/*
 * The customer's journey needs an order fulfilled from the command line. The embedded database allows one process,
 * so this journey runs its own shop: in a fresh data folder a fixture command makes a paid order, the owner's
 * `npm run shop -- orders fulfil` ships it, the fixture reads the mailed link, then a second server (on the same
 * production build) opens the folder.
 */
test.describe("a customer with a review link", () => {
  let shopUrl: string;
  let server: ChildProcess | undefined;
  let fixture: { orderNumber: number; email: string; subject: string; link: string };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Beside the worker's own shop's port, so no other worker's servers take it; known once a worker runs the hook.
    const port = currentShop().port + 1000;
    shopUrl = `http://localhost:${port}`;
    const dataDir = path.resolve(`test-results/e2e-reviews-data-${port}`);
    rmSync(dataDir, { recursive: true, force: true });
    const env = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: shopUrl, LOG_LEVEL: "warn", NODE_ENV: "production" };
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { env, encoding: "utf8" });
      expect(result.status, `${args.join(" ")}: ${result.stderr}`).toBe(0);
      return result.stdout.trim().split("\n").pop()!;
    };
    const fixtureCommand = (...args: string[]) =>
      JSON.parse(run(process.execPath, ["--import", "tsx", "scripts/fixtures/review-customer.ts", ...args]));
    const paid: { orderNumber: number; email: string } = fixtureCommand("paid-order", "colombia-huila", "enamel-camp-mug");
    // The owner ships the order from the command line; fulfilment mails the review request.
    expect(run("npm", ["run", "--silent", "shop", "--", "orders", "fulfil", String(paid.orderNumber)])).toBe(
      `Order #${paid.orderNumber} is fulfilled.`,
    );
    fixture = { ...paid, ...fixtureCommand("review-mail", paid.email) };

    server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...env, PORT: String(port), BUILD_DIR },
      stdio: "ignore",
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${shopUrl}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill("SIGTERM");
  });

  test("fulfilment mails a link; a 4-star review is published as Verified", async ({ page }) => {
    expect(fixture.subject).toContain(`order ${fixture.orderNumber}`);
    expect(fixture.link).toMatch(new RegExp(`^${shopUrl}/verified_review_submission\\?review_token=[\\w-]{43}$`));

    const token = new URL(fixture.link).searchParams.get("review_token")!;
    // Analytics reports page views in a beacon when the page is left; keep a copy of each beacon's body.
    await page.addInitScript(() => {
      const beacons: Blob[] = [];
      const send = navigator.sendBeacon.bind(navigator);
      Object.assign(window, { beacons });
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) beacons.push(data);
        return send(url, data);
      };
    });

    await page.goto(fixture.link);
    const details = page.getByRole("region", { name: "Order Details" });
    await expect(details).toContainText("Riley Reviewer");
    await expect(details).toContainText(fixture.email);
    await expect(details).toContainText(`Order ID:${fixture.orderNumber}`);
    const form = page.getByRole("region", { name: "Write Your Review" });
    const product = form.getByLabel("Select Product");
    await expect(product).toHaveValue("colombia-huila");
    await expect(product.getByRole("option")).toHaveText(["Colombia Huila La Plata", "Enamel Camp Mug"]);
    await expectNoSeriousA11yViolations(page);

    const title = "Bright & <b>juicy</b>";
    await form.getByLabel("Title").fill(title);
    await expect(form.getByLabel("Title")).toHaveAttribute("placeholder", "What's most important to know?");
    const text = "Red apple and caramel; great as a pour-over.";
    await form.getByLabel("Review").fill(text);
    await expect(form.getByLabel("Review")).toHaveAttribute("rows", "5");

    // No stars chosen: the form says so instead of sending a review without a rating.
    await form.getByRole("button", { name: "Submit Review" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please choose a rating from 1 to 5 stars.");

    // The stars work from the keyboard: arrows move along the radio group.
    await form.getByRole("radio", { name: "1 star", exact: true }).focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(form.getByRole("alert")).toHaveCount(0);

    // A failed submission says so and keeps everything typed.
    await page.route("**/api/reviews/submit", (route) => route.fulfill({ status: 503, json: { error: "Service unavailable" } }), {
      times: 1,
    });
    await form.getByRole("button", { name: "Submit Review" }).click();
    const failed = page.getByRole("dialog", { name: "Submission Failed" });
    await expect(failed).toContainText("We couldn't submit your review. Please try again later.");
    await failed.getByRole("button", { name: "OK" }).click();
    await expect(failed).toBeHidden();
    await expect(form.getByLabel("Title")).toHaveValue(title);
    await expect(form.getByLabel("Review")).toHaveValue(text);
    await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();

    await form.getByRole("button", { name: "Submit Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Review Submitted" });
    await expect(dialog).toContainText("Thank you for submitting your review!");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(product.getByRole("option")).toHaveText(["Enamel Camp Mug"]);

    // The same link in a second tab reviews the last product (stars chosen with the mouse there)...
    const otherTab = await page.context().newPage();
    await otherTab.goto(fixture.link);
    const otherForm = otherTab.getByRole("region", { name: "Write Your Review" });
    await expect(otherForm.getByLabel("Select Product")).toHaveValue("enamel-camp-mug");
    await otherForm.getByLabel("Title").fill("Tough mug");
    await otherForm.locator("label").filter({ hasText: "5 stars" }).click();
    await expect(otherForm.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await otherForm.getByLabel("Review").fill("Survived a week of camping.");
    await otherForm.getByRole("button", { name: "Submit Review" }).click();
    await otherTab.getByRole("dialog", { name: "Review Submitted" }).getByRole("button", { name: "OK" }).click();
    // The last review was written here: the page thanks the customer, no error.
    const thanks = otherTab.getByRole("region", { name: "Thank you for your reviews!" });
    await expect(thanks).toContainText(`You have reviewed every product of order ${fixture.orderNumber}.`);
    await expect(otherTab.getByRole("heading", { name: "Validation Error" })).toHaveCount(0);
    await expect(otherTab.getByText("All reviews for this order have been submitted.")).toHaveCount(0);
    await expectNoSeriousA11yViolations(otherTab);
    await thanks.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(otherTab).toHaveURL(`${shopUrl}/`);
    // The link opened again later still says there is nothing left to review.
    await otherTab.goto(fixture.link);
    await expect(otherTab.getByRole("heading", { name: "Validation Error" })).toBeVisible();
    await expect(otherTab.getByText("All reviews for this order have been submitted.")).toBeVisible();
    await otherTab.close();

    // ...so this tab's late review of it is refused, and the page says nothing is left to review.
    await form.getByLabel("Title").fill("Also tough");
    await form.getByLabel("Review").fill("Same mug, second opinion.");
    await form.getByRole("radio", { name: "3 stars" }).focus();
    await page.keyboard.press("Space");
    await form.getByRole("button", { name: "Submit Review" }).click();
    await page.getByRole("dialog", { name: "Submission Failed" }).getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("heading", { name: "Validation Error" })).toBeVisible();
    await expect(page.getByText("All reviews for this order have been submitted.")).toBeVisible();

    // The link's token is a secret: the page view reported to analytics leaves it out.
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    const reported = await page.evaluate(() =>
      Promise.all((window as unknown as { beacons: Blob[] }).beacons.map((blob) => blob.text())),
    );
    expect(reported.join("\n")).toContain("/verified_review_submission");
    expect(reported.join("\n")).not.toContain(token);

    await page.goto(`${shopUrl}/products/colombia-huila`);
    const review = page.getByRole("button").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(review).toContainText("Verified");
    // Shoppers see the reviewer as first name and initial, like the demo reviews.
    await expect(review).toContainText("Riley R.");
    await expect(review).not.toContainText("Riley Reviewer");
    await expect(review).toContainText(text);
    await expect(review.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expect(page.getByText("4 (1 review)")).toBeVisible();
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    const productData = structured.map((json) => JSON.parse(json)).find((data) => data["@type"] === "Product");
    expect(productData.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });

    await page.goto(`${shopUrl}/shop`);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Colombia Huila La Plata" }) });
    await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expect(card).toContainText("(1)");
  });
});
