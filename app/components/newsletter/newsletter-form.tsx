import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { ALREADY_SIGNED_UP_MESSAGE } from "@core/content-rules";
import { OutcomeDialog, type Outcome } from "~/components/ui/dialog";
import { api, apiFailure } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";

const NEWSLETTER_SUCCESS = "Thank you! You have been added to our newsletter.";
const NEWSLETTER_FAILURE = "Something went wrong. Please try again.";

const ENDPOINT = "/api/customer_service/add_customer_to_newsletter";


const OUTCOMES: Record<"ok" | "exists" | "error", Outcome> = {
  ok: { title: "Success", message: NEWSLETTER_SUCCESS, tone: "success" },
  exists: { title: "Already Signed Up", message: ALREADY_SIGNED_UP_MESSAGE, tone: "info" },
  error: { title: "Error", message: NEWSLETTER_FAILURE, tone: "error" },
};

/**
 * The footer's 'Subscribe to our email list' box. With JavaScript it posts JSON and answers in a dialog; without,
 * the browser posts the form and the API sends it back to the page with the outcome in `?newsletter=`.
 */
export function NewsletterForm() {
  const { storeId } = useShop();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const returned = searchParams.get("newsletter");
  const returnedOutcome = returned === "ok" || returned === "exists" || returned === "error" ? OUTCOMES[returned] : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setBusy(true);
    const failure = await apiFailure(api(ENDPOINT, { body: { email, store_id: storeId } }));
    setBusy(false);
    if (!failure) form.reset();
    setOutcome(OUTCOMES[!failure ? "ok" : failure.status === 409 ? "exists" : "error"]);
  }

  return (
    <>
    <form method="post" action={ENDPOINT} onSubmit={eventHandler(submit, "Failed to subscribe to the newsletter")} className="space-y-2">
      <label htmlFor="newsletter-email" className="block font-semibold">
        Subscribe to our email list
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Email"
          className="min-w-0 flex-1 rounded border border-black/30 bg-white px-3 py-2"
        />
        <button type="submit" disabled={busy} className="rounded bg-button px-4 py-2 text-button-ink disabled:opacity-60">
          Subscribe
        </button>
      </div>
      {returnedOutcome && (
        <p role="status" className="text-sm">
          {returnedOutcome.message}
        </p>
      )}
    </form>
      <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
