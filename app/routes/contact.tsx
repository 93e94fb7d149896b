import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { CONTACT_MESSAGE_MAX_LENGTH, HONEYPOT_FIELD } from "@core/content-rules";
import { OutcomeDialog, type Outcome } from "~/components/ui/dialog";
import { api, apiFailure } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";
import type { Route } from "./+types/contact";

export const CONTACT_SUCCESS = "Thank you for contacting us! We will get back to you soon.";
export const FORM_FAILURE = "Something went wrong. Please try again.";

const ENDPOINT = "/api/customer_service/process_customer_service_request";

export function meta({ matches }: Route.MetaArgs) {
  const shop = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  return [{ title: `Contact | ${shop}` }, { name: "description", content: `Send a message to ${shop}.` }];
}

const fieldClass = "mt-1 block w-full rounded border border-black/40 bg-white px-3 py-2";


/**
 * The contact form (docs/product.md, Contact). With JavaScript it posts JSON and answers in a dialog; without, the
 * browser posts the form and the API sends it back here with the outcome in `?sent=`.
 */
export default function Contact() {
  const { storeId } = useShop();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = searchParams.get("sent");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? "");
    setBusy(true);
    const failure = await apiFailure(
      api(ENDPOINT, {
        body: {
          customer_service_data: {
            customer_name: text("customer_name"),
            customer_email: text("customer_email"),
            customer_phone_number: text("customer_phone_number"),
            message: text("message"),
          },
          store_id: storeId,
          [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
        },
      }),
    );
    setBusy(false);
    if (!failure) {
      form.reset();
      setOutcome({ title: "Message sent", message: CONTACT_SUCCESS, tone: "success" });
    } else {
      setOutcome({ title: "Error", message: FORM_FAILURE, tone: "error" });
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="mb-8 text-4xl font-semibold">Contact</h1>
      {sent && (
        <p role="status" className="mb-6 rounded bg-card p-4">
          {sent === "ok" ? CONTACT_SUCCESS : FORM_FAILURE}
        </p>
      )}
      <form method="post" action={ENDPOINT} onSubmit={eventHandler(submit, "Failed to send the message")} className="space-y-5 rounded-lg bg-card p-6 shadow-sm">
        <div>
          <label htmlFor="contact-name" className="font-semibold">
            Name
          </label>
          <input id="contact-name" name="customer_name" autoComplete="name" maxLength={200} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="contact-email" className="font-semibold">
            Email{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <input
            id="contact-email"
            name="customer_email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="contact-phone" className="font-semibold">
            Phone number
          </label>
          <input id="contact-phone" name="customer_phone_number" type="tel" autoComplete="tel" maxLength={40} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="contact-message" className="font-semibold">
            Comment
          </label>
          <textarea id="contact-message" name="message" rows={6} maxLength={CONTACT_MESSAGE_MAX_LENGTH} className={fieldClass} />
        </div>
        {/* A trap for bots: off-screen and out of the tab order, so people leave it empty. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-button px-8 py-3 font-semibold text-button-ink disabled:opacity-60"
        >
          Send
        </button>
      </form>
      <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </div>
  );
}
