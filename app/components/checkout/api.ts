/** A refusal of the checkout API: its `{error, field}` answer, the message as the Error's. */
export class CheckoutCallError extends Error {
  constructor(
    message: string,
    readonly field: string | undefined,
  ) {
    super(message);
  }
}

/** The checkout page's calls: JSON in and out, the server's `{error, field}` surfaced as a CheckoutCallError. */
export async function checkoutCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/stripe/${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as (T & { error?: string; field?: string }) | null;
  if (!response.ok || data === null) {
    throw new CheckoutCallError(data?.error ?? `${path} failed with status ${response.status}`, data?.field);
  }
  return data;
}
