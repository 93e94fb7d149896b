import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { ALREADY_SIGNED_UP_MESSAGE } from "@core/content-rules";
import type { PopupDiscountResponse } from "@core/schemas/content";
import { Modal, OutcomeDialog, type Outcome } from "~/components/ui/dialog";
import { useImageFallback } from "~/lib/images";
import { api, apiFailure, type ApiError } from "~/lib/api";
import { eventHandler } from "~/lib/promises";
import { useShop } from "~/lib/use-shop";

/** Set once the shopper has seen the popup; while it is set the popup is not offered again. */
export const WELCOME_SEEN_KEY = "welcomePopupSeen";
/** The closing animation (docs/product.md, Limits and timings). */
const CLOSE_ANIMATION_MS = 300;

export function welcomeText(percentage: number): string {
  return percentage > 0
    ? `Enter your email for an exclusive discount. Get ${percentage}% off your first order when you sign up!`
    : "Sign up for our newsletter to stay up to date with our journey!";
}


/** The popup's outcome dialogs (docs/product.md, Messages): null is a sign-up that worked. */
export function signupOutcome(failure: ApiError | null, percentage: number): Outcome {
  if (!failure) {
    return {
      title: "Success!",
      message:
        percentage > 0
          ? "Your discount code has been emailed to you!"
          : "You've been added to our newsletter! We will keep you updated on our latest products and promotions.",
      tone: "success",
    };
  }
  if (failure.status === 409 || failure.serverError === ALREADY_SIGNED_UP_MESSAGE) {
    return { title: "Already Signed Up", message: "This email has already been used for a discount", tone: "info" };
  }
  return { title: "Error", message: "Something went wrong. Please try again later.", tone: "error" };
}

function readSeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) === "true";
  } catch {
    // Storage blocked (private modes, policies): offer the popup; it simply cannot remember.
    return false;
  }
}

function markSeen() {
  try {
    window.localStorage.setItem(WELCOME_SEEN_KEY, "true");
  } catch {
    // See readSeen.
  }
}

async function fetchPopupPercentage(storeId: string): Promise<number> {
  try {
    const body = await api<PopupDiscountResponse>("/api/discount/popupDiscount", { query: { store_id: storeId } });
    if (!body.success) throw new Error(body.error);
    return body.data[0]?.discount_popup_percentage ?? 0;
  } catch (error) {
    console.error("Failed to retrieve the popup discount", error);
    return 0;
  }
}

function PopupImage({ url }: { url: string }) {
  const image = useImageFallback(url, 728);
  // Decorative: the text says everything the picture does.
  return <img {...image} alt="" width={800} height={800} className="h-40 w-full object-cover sm:h-full" />;
}

type PopupState = "hidden" | "collapsed" | "expanded" | "closing";

/** Checkout and its confirmation: a shopper paying is not offered a newsletter. */
export function isCheckoutPath(pathname: string): boolean {
  return /^\/checkout(?:[/-]|$)/.test(pathname);
}

/**
 * The welcome popup (docs/product.md, Welcome popup): a WELCOME tab at the bottom left that expands into a sign-up
 * modal. It is offered while the 'seen' flag is unset, which closing the modal sets, and never during checkout.
 * Rendered only in the browser, since the flag lives there.
 *
 * The tab is the page's last line, at its left, rather than fixed to the window's corner: a fixed tab sat over
 * whatever scrolled beneath it (Add to Cart, form labels, the phone menu, the copyright line), and on a phone no
 * part of the page is free of controls. In the page's flow it can cover nothing.
 */
export function WelcomePopup() {
  const { storeId, settings } = useShop();
  const { pathname } = useLocation();
  const [state, setState] = useState<PopupState>("hidden");
  const [percentage, setPercentage] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (readSeen()) return;
    let current = true;
    void fetchPopupPercentage(storeId).then((value) => {
      if (!current) return;
      setPercentage(value);
      setState("collapsed");
    });
    return () => {
      current = false;
    };
  }, [storeId]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = useCallback(() => {
    // The native close event fires again when the animation ends; only an open popup starts closing.
    if (stateRef.current !== "expanded") return;
    markSeen();
    setState("closing");
    closeTimer.current = setTimeout(() => setState("collapsed"), CLOSE_ANIMATION_MS);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setBusy(true);
    const failure = await apiFailure(api("/api/discount/sendWelcomeEmail", { body: { store_id: storeId, customer_email: email } }));
    setBusy(false);
    setOutcome(signupOutcome(failure, percentage));
    if (!failure) close();
  }

  if (state === "hidden" || isCheckoutPath(pathname)) return null;

  const image = settings.siteContent.popupImage;
  const closing = state === "closing";
  return (
    <>
      {/* Drawn while the modal is open too: the native dialog gives focus back to its opener only if it is still there. */}
      <div className="mx-auto max-w-7xl px-4 py-4">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setState("expanded")}
          className="rounded-lg bg-button px-4 py-3 text-sm font-bold tracking-widest text-button-ink shadow-lg"
        >
          WELCOME
        </button>
      </div>
      <Modal
        open={state === "expanded" || closing}
        onClose={close}
        title="Welcome!"
        media={image ? <PopupImage url={image} /> : undefined}
        className={`transition duration-300 ease-out motion-reduce:transition-none sm:max-w-3xl starting:scale-95 starting:opacity-0 ${
          closing ? "scale-95 opacity-0" : "scale-100 opacity-100"
        }`}
      >
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute right-3 top-3 rounded p-2 text-xl leading-none hover:bg-black/5"
        >
          ✕
        </button>
        <p className="mb-5">{welcomeText(percentage)}</p>
        <form onSubmit={eventHandler(submit, "Failed to send the welcome discount")} className="space-y-3">
          <label htmlFor="welcome-email" className="sr-only">
            Email
          </label>
          <input
            id="welcome-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="Email"
            className="block w-full rounded border border-black/40 bg-white px-3 py-2"
          />
          <button
            type="submit"
            disabled={busy}
            className="block w-full rounded bg-button px-4 py-3 font-bold text-button-ink disabled:opacity-60"
          >
            YES PLEASE!
          </button>
          <button
            type="button"
            onClick={close}
            className="block w-full rounded border border-black/40 bg-button2 px-4 py-3 font-bold text-button2-ink"
          >
            NO, THANKS
          </button>
        </form>
      </Modal>
      <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
