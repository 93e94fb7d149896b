/** The forms' one way to call the API: a JSON POST whose outcome is the status and the server's error text. */
export type PostOutcome = { ok: boolean; status: number; error?: string };

export async function postJson(url: string, body: unknown): Promise<PostOutcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    let error: string | undefined;
    if (!response.ok) {
      const parsed = (await response.json().catch(() => null)) as { error?: unknown } | null;
      if (typeof parsed?.error === "string") error = parsed.error;
    }
    return { ok: response.ok, status: response.status, error };
  } catch {
    // Offline or the server unreachable: a failure like any other.
    return { ok: false, status: 0 };
  }
}
