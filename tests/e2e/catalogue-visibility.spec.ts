/**
 * What shoppers see of the catalogue's new fields (issue 22): the tumbler's 12 oz is on sale in the demo (compare-at
 * price), struck through on its card and on its page for that variant only; its earlier address leads to its page;
 * a product the owner takes back to draft is 'Product not found' to a shopper and a preview with its banner to the
 * owner. The Sumatra, which no other journey counts on, is the draft, and is active again afterwards.
 */
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./a11y";
import { ownerContext } from "./owner";
import { DEMO } from "../../server/db/seed-content";

const { productHandles } = DEMO;
const DRAFT = productHandles.sumatra;

test.describe("what shoppers see of the catalogue", () => {
  test("a card and the product page strike the earlier price through, for the variant on sale", async ({ page }) => {
    await page.goto("/search?query=drinkware&type=collection-search");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Insulated Travel Tumbler" }) });
    await expect(card.getByText("$28.00", { exact: true })).toBeVisible();
    await expect(card.locator("s")).toHaveText("Was $34.00");
    await expect(card.locator("s")).toHaveCSS("text-decoration-line", "line-through");

    await card.getByRole("heading", { name: "Insulated Travel Tumbler" }).click();
    await expect(page).toHaveURL(`/products/${productHandles.tumbler}`);
    const main = page.getByRole("main");
    const was = main.locator("p[aria-live] s");
    await expect(was).toHaveText("Was $34.00");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/screens/catalogue-compare-at.png" });

    // The 16 oz is not on sale: its price stands alone; back to the 12 oz, the earlier price returns.
    const size = page.getByRole("group", { name: /^Size:/ });
    await size.getByText("16 oz", { exact: true }).click();
    await expect(main.locator("p[aria-live]").first()).toHaveText("$32.00");
    await expect(was).toHaveCount(0);
    await size.getByText("12 oz", { exact: true }).click();
    await expect(was).toHaveText("Was $34.00");
  });

  test("the product's earlier address leads to its page", async ({ page }) => {
    const response = await page.request.get("/products/insulated-tumbler", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/products/${productHandles.tumbler}`);
    await page.goto("/products/insulated-tumbler");
    await expect(page).toHaveURL(`/products/${productHandles.tumbler}`);
    await expect(page.getByRole("heading", { level: 1, name: "Insulated Travel Tumbler" })).toBeVisible();
  });

  test("a draft is not found by shoppers and previewed by the owner", async ({ page, browser }) => {
    const owner = await ownerContext(browser);
    const setStatus = async (status: string) => {
      const listed = await owner.request.get(`/api/admin/products?q=${DRAFT}`);
      expect(listed.status()).toBe(200);
      const { products } = (await listed.json()) as { products: { id: number; handle: string }[] };
      const id = products.find((product) => product.handle === DRAFT)!.id;
      const changed = await owner.request.post(`/api/admin/products/${id}/status`, { data: { status } });
      expect(changed.status(), await changed.text()).toBe(200);
    };
    await setStatus("draft");
    try {
      const response = await page.goto(`/products/${DRAFT}`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
      await page.goto("/search?query=sumatra&type=search");
      await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();

      const preview = await owner.newPage();
      const previewed = await preview.goto(`/products/${DRAFT}`);
      expect(previewed!.status()).toBe(200);
      expect(previewed!.headers()["cache-control"]).toBe("private, no-store");
      await expect(preview.getByText("Draft — only staff can see this product")).toBeVisible();
      await expect(preview.getByRole("heading", { level: 1, name: "Sumatra Mandheling" })).toBeVisible();
      await expectNoSeriousA11yViolations(preview);
      await preview.screenshot({ path: "test-results/screens/catalogue-draft-preview.png" });

      // The owner's preview is theirs alone: the shopper still finds nothing there.
      expect((await page.goto(`/products/${DRAFT}`))!.status()).toBe(404);
    } finally {
      await setStatus("active");
      await owner.close();
    }
    expect((await page.goto(`/products/${DRAFT}`))!.status()).toBe(200);
  });
});
