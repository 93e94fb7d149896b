import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The product form draws only the options and variant rows in use (issue 37): a journey that types its variants
 * row by row first asks for the option fields and rows it will fill, each a step of the form.
 */
export async function drawProductForm(page: Page, { options, rows }: { options: number; rows: number }) {
  for (let option = 1; option <= options; option++) {
    await page.getByRole("button", { name: option === 1 ? "Add options like size or grind" : "Add option", exact: true }).click();
    await expect(page.getByLabel(`Option ${option} name`)).toBeVisible();
  }
  for (let row = 2; row <= rows; row++) {
    await page.getByRole("button", { name: "Add variant", exact: true }).click();
    await expect(page.getByRole("group", { name: `Variant ${row}`, exact: true })).toBeVisible();
  }
}
