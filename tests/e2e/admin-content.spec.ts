/**
 * Blog posts and static pages (issue 23) as the owner writes them: a post saved as a draft is not found by a
 * shopper and is a preview with its Draft banner for staff; published, a shopper reads it on /blog and its page. A
 * new page, published, opens for a shopper at /pages/{name}. Every new screen scanned by axe at a phone's and a
 * laptop's width. What the journey makes has the run's time in its address and is deleted at the end.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { ownerState } from "./owner";
import { richTextEditor } from "./rich-text";
import { DESKTOP, PHONE } from "./viewports";

const stamp = Date.now().toString(36);

/** Axe on the screen as it is, at both sizes; the page is left at the laptop's size. */
async function checkScreen(page: Page) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

test.describe.configure({ mode: "serial" });

test("the owner drafts a blog post, previews it, publishes it, and a shopper reads it", async ({ browser }) => {
  test.setTimeout(120_000);
  const address = `first-crop-${stamp}`;
  const title = `First crop ${stamp}`;
  const ownerContext = await browser.newContext({ storageState: ownerState(), viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto("/admin");
  await owner.getByRole("link", { name: "Blog", exact: true }).first().click();
  await expect(owner.getByRole("heading", { name: "Blog posts", level: 1 })).toBeVisible();
  await checkScreen(owner);

  await owner.getByRole("link", { name: "New post" }).click();
  await expect(owner.getByRole("heading", { name: "New post", level: 1 })).toBeVisible();
  await checkScreen(owner);
  await owner.getByLabel("Title", { exact: true }).fill(title);
  await owner.getByLabel(/^Address/).fill(address);
  await owner.getByLabel("Author").fill("Mara Quinn");
  await (await richTextEditor(owner, "Section 1 text")).fill("The first lots of the season arrived this week.");
  await owner.getByRole("button", { name: "Add a section" }).click();
  await owner.getByLabel("Section 2 subheading (optional)").fill("Tasting notes");
  await (await richTextEditor(owner, "Section 2 text")).fill("Stone fruit and honey.");
  await owner.getByRole("button", { name: "Save post" }).click();
  await expect(owner.getByRole("status")).toHaveText("Saved.");
  await expect(owner.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await checkScreen(owner);

  const shopperContext = await browser.newContext({ viewport: DESKTOP });
  const shopper = await shopperContext.newPage();
  expect((await shopper.goto(`/blog/${address}`))?.status()).toBe(404);
  await expect(shopper.getByRole("heading", { name: "Blog post not found", level: 1 })).toBeVisible();
  await shopper.goto("/blog");
  await expect(shopper.getByRole("heading", { name: title })).toHaveCount(0);

  const preview = await ownerContext.newPage();
  await preview.goto(`/blog/${address}`);
  await expect(preview.getByText("Draft — only staff can see this post")).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Tasting notes", level: 2 })).toBeVisible();
  await preview.close();

  await owner.getByRole("button", { name: "Publish post" }).click();
  await expect(owner.getByRole("status")).toHaveText("Published; shoppers see it now.");

  await shopper.goto("/blog");
  await expect(shopper.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  await shopper.getByRole("link", { name: `Read More → ${title}` }).click();
  await expect(shopper.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(shopper.getByText("Stone fruit and honey.")).toBeVisible();
  await expect(shopper.getByText("only staff can see")).toHaveCount(0);

  await owner.getByRole("link", { name: `Delete the post ${title}` }).click();
  await checkScreen(owner);
  await owner.getByRole("button", { name: "Delete post" }).click();
  await expect(owner.getByRole("status")).toHaveText("Deleted.");
  expect((await shopper.goto(`/blog/${address}`))?.status()).toBe(404);
  await ownerContext.close();
  await shopperContext.close();
});

test("the owner publishes a new page and a shopper opens it at /pages/{name}", async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `wholesale-${stamp}`;
  const ownerContext = await browser.newContext({ storageState: ownerState(), viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto("/admin");
  await owner.getByRole("link", { name: "Pages", exact: true }).first().click();
  await expect(owner.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
  await checkScreen(owner);

  await owner.getByRole("link", { name: "New page" }).click();
  await checkScreen(owner);
  await owner.getByLabel("Title", { exact: true }).fill("Wholesale");
  await owner.getByLabel(/^Name/).fill(name);
  await owner.getByLabel("Status").selectOption("published");
  await owner.getByLabel("Section 1 subheading (optional)").fill("Cafés and shops");
  await (await richTextEditor(owner, "Section 1 text")).fill("Write to us for wholesale prices.");
  await owner.getByRole("button", { name: "Save page" }).click();
  await expect(owner.getByRole("status")).toHaveText("Published; shoppers see it now.");
  await checkScreen(owner);

  const shopperContext = await browser.newContext({ viewport: DESKTOP });
  const shopper = await shopperContext.newPage();
  expect((await shopper.goto(`/pages/${name}`))?.status()).toBe(200);
  await expect(shopper.getByRole("heading", { name: "Wholesale", level: 1 })).toBeVisible();
  await expect(shopper.getByText("Write to us for wholesale prices.")).toBeVisible();

  await owner.getByRole("link", { name: "Delete the page Wholesale" }).click();
  await owner.getByRole("button", { name: "Delete page" }).click();
  await expect(owner.getByRole("status")).toHaveText("Deleted.");
  await ownerContext.close();
  await shopperContext.close();
});
