import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The description's rich-text editor, once it has loaded (its toolbar shows). */
export async function descriptionEditor(page: Page): Promise<Locator> {
  await expect(page.getByRole("toolbar", { name: "Description: formatting" })).toBeVisible();
  return page.getByRole("textbox", { name: "Description", exact: true });
}

/** The description's raw HTML box, switched to once the editor has loaded. */
export async function descriptionHtmlBox(page: Page): Promise<Locator> {
  await descriptionEditor(page);
  await page.getByRole("button", { name: "Edit as HTML" }).click();
  await expect(page.getByRole("button", { name: "Edit as HTML" })).toHaveAttribute("aria-pressed", "true");
  return page.getByRole("textbox", { name: "Description", exact: true });
}
