/**
 * A new shop's first run (issue 21): it has no staff, so its setup link makes the owner. Playwright runs this spec
 * first, on every freshly seeded shop (playwright.config.ts's first-run project); every other journey signs in as
 * the owner made here on its own shop (owner.ts), which collects sales tax in California. The link comes from the owner's command, handed to the running
 * shop, as an owner who lost the one `npm start` printed would get it.
 */
import { writeFile } from "node:fs/promises";
import { E2E_SHOPS } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { E2E_OWNER, ownerCommand, ownerState } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

// One journey per shop, each naming its shop (fixtures.ts's shopFor), so the shops are set up side by side.
test.describe.configure({ mode: "parallel" });

for (const shop of E2E_SHOPS) {
  test.describe(`the shop at ${shop.url}`, { annotation: { type: "shop", description: String(shop.index) } }, () => {
    test("the setup screen refuses a link it cannot use, and the shop's own link makes the owner, signed in", async ({ page }) => {
      await page.goto("/admin/setup");
      await expect(page.getByText("This setup link is not valid")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto("/admin/setup?token=made-up");
      await expect(page.getByRole("heading", { name: "Create the owner's account" })).toBeVisible();
      // A new shop's time zone is the server's until the owner chooses another (decision 0061).
      await expect(page.getByLabel(/^Time zone/)).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize(DESKTOP);
      await page.getByLabel("Email").fill(E2E_OWNER.email);
      await page.getByLabel("Name").fill(E2E_OWNER.name);
      // The journeys' shops keep the demo: every other journey shops its products (start-clean.spec.ts starts empty).
      await page.getByRole("radio", { name: "The demo shop" }).check();
      await page.getByLabel("Password", { exact: true }).fill(E2E_OWNER.password);
      await page.getByLabel("Confirm password").fill("not the same");
      await page.getByRole("button", { name: "Create the owner and sign in" }).click();
      await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("The passwords do not match");
      await page.getByLabel("Password", { exact: true }).fill(E2E_OWNER.password);
      await page.getByLabel("Confirm password").fill(E2E_OWNER.password);
      await page.getByRole("button", { name: "Create the owner and sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("This setup link is not valid");

      const printed = await ownerCommand(["staff", "setup-link"]);
      const link = /http\S+\/admin\/setup\?token=\S+/.exec(printed)![0];
      await page.goto(link);
      await page.getByLabel("Email").fill(E2E_OWNER.email);
      await page.getByLabel("Name").fill(E2E_OWNER.name);
      await page.getByRole("radio", { name: "The demo shop" }).check();
      await page.getByLabel("Password", { exact: true }).fill(E2E_OWNER.password);
      await page.getByLabel("Confirm password").fill(E2E_OWNER.password);
      await page.getByRole("button", { name: "Create the owner and sign in" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: `Welcome, ${E2E_OWNER.name}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The staff cookie alone: what the shop's pages kept in this browser must not follow the owner into other journeys.
      const { cookies } = await page.context().storageState();
      await writeFile(ownerState(), JSON.stringify({ cookies, origins: [] }));

      // The link made the owner; from now on it, and any other, is refused.
      await page.goto(link);
      await expect(page.getByText("This setup link has already been used")).toBeVisible();
      expect(await ownerCommand(["staff", "setup-link"])).toContain("The shop has staff already");

      // A new shop collects sales tax nowhere until its owner says (decision 0060); the journeys' owner collects in
      // California, where their shoppers' addresses are, at the base rate the Taxes screen suggests.
      await page.goto("/admin/taxes");
      await page.getByRole("checkbox", { name: "California" }).check();
      await page.getByRole("button", { name: "Suggest rates" }).click();
      await expect(page.getByLabel("California rate, in percent")).toHaveValue("7.25");
      await page.getByRole("button", { name: "Collect tax in California" }).click();
      await expect(page.getByRole("link", { name: "Change US-CA" })).toBeVisible();
    });
  });
}
