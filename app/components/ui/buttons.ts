/**
 * The shop's main call to action (Add to Cart, Add Bundle to Cart, Checkout): full width, in the shop's button
 * colours. Opacity changes at once, not animated: a button that hydration enables would otherwise pass through
 * faded, low-contrast frames (an axe scan caught one at 3.35:1).
 */
export const PRIMARY_BUTTON =
  "w-full rounded bg-button px-6 py-3 font-semibold text-button-ink transition-colors hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";
