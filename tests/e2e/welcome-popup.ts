import type { BrowserContext, Page } from "@playwright/test";

export const WELCOME_SEEN_KEY = "welcomePopupSeen";

/**
 * Most journeys are not about the popup: mark it seen before any page script runs. Its WELCOME tab loads when the
 * browser is idle and sits at the bottom left, so it could otherwise land under a click meant for the footer.
 */
export async function skipWelcomePopup(target: Page | BrowserContext) {
  await target.addInitScript((key) => window.localStorage.setItem(key, "true"), WELCOME_SEEN_KEY);
}
