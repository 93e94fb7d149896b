import { expect, test } from "./fixtures";
import { DEMO } from "../../server/db/seed-content";

const PRODUCT = `/products/${DEMO.productHandles.houseBlend}`;

/** The nonce a page's Content-Security-Policy allows. */
function nonceOf(policy: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  if (!nonce) throw new Error(`no nonce in the policy: ${policy}`);
  return nonce;
}

test.describe("security headers", () => {
  test("a page runs only its own scripts: every inline script and style element carries the policy's nonce", async ({ page, request }) => {
    // Twice: the first render fills the page cache, the second is served from it with the policy it was stored with.
    for (const outcome of ["first", "cached"]) {
      const response = await request.get(PRODUCT, { headers: { "accept-encoding": "br" } });
      expect(response.status(), outcome).toBe(200);
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      const nonce = nonceOf(policy);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain("stripe.com");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      // The journeys' shop runs on plain http: no HSTS there.
      expect(headers["strict-transport-security"]).toBeUndefined();

      const html = await response.text();
      const executable = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]).filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
      expect(executable.length, outcome).toBeGreaterThan(0);
      for (const attributes of executable) expect(attributes, outcome).toContain(`nonce="${nonce}"`);
      const styles = [...html.matchAll(/<style([^>]*)>/g)].map((match) => match[1]);
      for (const attributes of styles) expect(attributes, outcome).toContain(`nonce="${nonce}"`);
    }

    // In the browser the page hydrates and works under its policy (the fixture fails the test on any violation).
    await page.goto(PRODUCT);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
  });

  test("the API and the pictures forbid running or framing them", async ({ request }) => {
    const api = await request.get(`/api/auth/status?store_id=${DEMO.storeId}`);
    expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("another site cannot frame the checkout", async ({ page, baseURL }) => {
    await page.goto("about:blank");
    await page.setContent(`<iframe title="framed shop" src="${baseURL}/checkout"></iframe>`);
    const frame = page.frameLocator('iframe[title="framed shop"]');
    await page.waitForLoadState("load");
    // Chromium shows its own error page in place of a document whose frame-ancestors refuse the parent.
    await expect.poll(() => page.frames().map((candidate) => candidate.url())).toContain("chrome-error://chromewebdata/");
    await expect(frame.getByRole("heading")).toHaveCount(0);
  });
});
