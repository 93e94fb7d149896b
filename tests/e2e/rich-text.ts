import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A rich-text field's editor (a description, a section's text), once it has loaded (its toolbar shows). */
export async function richTextEditor(page: Page, label = "Description"): Promise<Locator> {
  await expect(page.getByRole("toolbar", { name: `${label}: formatting` })).toBeVisible();
  return page.getByRole("textbox", { name: label, exact: true });
}

/** A rich-text field's raw HTML box, switched to once the editor has loaded. */
export async function richTextHtmlBox(page: Page, label = "Description"): Promise<Locator> {
  await richTextEditor(page, label);
  const toggle = page.getByRole("button", { name: `Edit as HTML: ${label}`, exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  return page.getByRole("textbox", { name: label, exact: true });
}
