/**
 * Debian's Chromium and the flags it runs with here: without the background-networking ones it keeps trying hosts
 * this machine cannot reach. Lighthouse, as root, needs --no-sandbox too.
 */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The middle value of repeated measurements (the upper middle for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
