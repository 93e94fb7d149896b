/** The checkout page's calls: JSON in and out, the server's `{error}` message surfaced as the Error's message. */
export async function checkoutCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/stripe/${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || data === null) throw new Error(data?.error ?? `${path} failed with status ${response.status}`);
  return data;
}
