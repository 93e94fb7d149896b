/**
 * Product pictures (issue 22) as an owner adds them: two pictures uploaded with the file picker under one alt text,
 * one given its own, moved to the front, a third dropped on the drop zone and removed again, a refused SVG named at
 * once; the shop's product page then shows the first as its main picture, described by its alt text. The screen is
 * scanned by axe and photographed on a phone and a laptop (/tmp/admin-shots/pictures-*.png). The Enamel Camp Mug
 * is this journey's alone.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test, waitForHydration } from "./fixtures";
import { OWNER_STATE } from "./owner";
import { DESKTOP, PHONE } from "./viewports";

const HANDLE = "enamel-camp-mug";

/** A small picture of one colour, as a phone's camera would not make it but a browser sends it all the same. */
const png = async (name: string, colour: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 640, height: 640, channels: 3, background: colour } }).png().toBuffer(),
});

/** Axe on the screen as it is, and its picture at both sizes; the page is left at the laptop's size. */
async function checkScreen(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `/tmp/admin-shots/pictures-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `/tmp/admin-shots/pictures-${name}-1280.png`, fullPage: true });
}

test.use({ storageState: OWNER_STATE });

test("the owner uploads two pictures with alt text, puts one first, drops and removes a third; the shop shows the first", async ({ page }) => {
  const found = await page.request.get(`/api/admin/products?q=${HANDLE}`);
  expect(found.status()).toBe(200);
  const [{ id, title }] = ((await found.json()) as { products: { id: number; title: string; handle: string }[] }).products.filter(
    (product) => product.handle === HANDLE,
  );

  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/products/${id}/pictures`);
  await expect(page.getByRole("heading", { name: `Pictures of ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the product" })).toHaveAttribute("href", `/admin/products/${id}`);
  const list = page.getByRole("region", { name: /^Pictures \(\d+\)$/ }).getByRole("listitem");
  const before = await list.count();
  await waitForHydration(page);
  await checkScreen(page, "screen");

  // Two at once from the file picker, under one alt text.
  const upload = page.getByRole("region", { name: "Add pictures" });
  await upload.getByLabel("Pictures", { exact: true }).setInputFiles([await png("red.png", "#b03a2e"), await png("teal.png", "#117a65")]);
  await upload.getByLabel("Alt text for these pictures").fill("Enamel camp mug, side view");
  await upload.getByRole("button", { name: "Upload pictures" }).click();
  await expect(page.getByRole("status")).toHaveText("Pictures added.");
  await expect(list).toHaveCount(before + 2);
  await expect(upload.getByLabel("Alt text for these pictures")).toHaveValue("");

  // The last gets words of its own, then moves to the front.
  const last = before + 2;
  await page.getByLabel(`Alt text of picture ${last}`).fill("Enamel camp mug on a rock by a lake");
  await page.getByRole("button", { name: `Save alt text of picture ${last}` }).click();
  await expect(page.getByRole("status")).toHaveText("Alt text saved.");
  for (let at = last; at > 1; at--) {
    await page.getByRole("button", { name: `Move up picture ${at}` }).click();
    await expect(page.getByLabel(`Alt text of picture ${at - 1}`)).toHaveValue("Enamel camp mug on a rock by a lake");
  }
  await expect(page.getByText("Picture 1 (main)")).toBeVisible();
  const thumbnail = page.getByRole("img", { name: "Enamel camp mug on a rock by a lake" });
  const stem = (await thumbnail.getAttribute("src"))!.replace(/_728\.webp$/, "");
  expect(stem).toMatch(/^\/images\/products\/[0-9a-f-]{36}$/);

  // A file the shop does not take is named before anything is sent.
  await waitForHydration(page);
  await upload.getByLabel("Pictures", { exact: true }).setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") });
  await expect(upload.getByRole("alert")).toHaveText("logo.svg: Pictures must be JPEG, PNG, WebP or AVIF");

  // A third dropped on the drop zone, then removed after the confirm step.
  await upload.getByLabel("Alt text for these pictures").fill("Enamel camp mug, dropped");
  const dropped = await png("dropped.png", "#34495e");
  const transfer = await page.evaluateHandle(
    ({ name, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      return data;
    },
    { name: dropped.name, bytes: [...dropped.buffer] },
  );
  await page.getByTestId("picture-drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(page.getByRole("status")).toHaveText("Pictures added.");
  await expect(list).toHaveCount(before + 3);
  await expect(page.getByLabel(`Alt text of picture ${before + 3}`)).toHaveValue("Enamel camp mug, dropped");
  await page.getByRole("link", { name: `Remove picture ${before + 3}` }).click();
  await expect(page.getByText(`Remove picture ${before + 3}?`)).toBeFocused();
  await checkScreen(page, "confirm-remove");
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByRole("status")).toHaveText("Picture removed.");
  await expect(list).toHaveCount(before + 2);

  // The shop's page leads with the picture put first, its 1024-wide version, described by its alt text.
  await page.goto(`/products/${HANDLE}`);
  const main = page.getByRole("img", { name: "Enamel camp mug on a rock by a lake" });
  await expect(main).toHaveAttribute("src", `${stem}_1024.webp`);
  await expect(main).toHaveJSProperty("complete", true);
  expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});
