/** The shop's main call to action (Add to Cart, Add Bundle to Cart, Checkout): full width, in the shop's button colours. */
export const PRIMARY_BUTTON =
  "w-full rounded bg-button px-6 py-3 font-semibold text-button-ink transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60";
