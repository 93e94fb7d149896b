/**
 * Limits discount-code guessing: a client with 10 failed codes in a minute is refused (429) on every lookup, right
 * ones included, until the window closes, so a blocked guesser learns nothing. Successful lookups cost nothing, so a
 * shopper trying a code or two never notices. Counted by the shop's rate limiter, so across instances.
 */
import { RateLimitError, type RateLimiter } from "../http/rate-limit";

export const DISCOUNT_GUESS_POLICY = { limit: 10, windowMs: 60_000 };

const guessesOf = (client: string) => `discount-guess:${client}`;

/** Throws a 429 when the client has used up its failed guesses. */
export async function checkDiscountGuesses(limiter: RateLimiter, client: string): Promise<void> {
  const result = await limiter.peek(guessesOf(client), DISCOUNT_GUESS_POLICY);
  if (!result.allowed) throw new RateLimitError(result.retryAfterSeconds);
}

export async function countFailedDiscountGuess(limiter: RateLimiter, client: string): Promise<void> {
  await limiter.hit(guessesOf(client), DISCOUNT_GUESS_POLICY);
}
