/** What a client over a rate limit is told (429), by the server and, when the server gives no text, by the browser. */
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please try again in a minute.";
