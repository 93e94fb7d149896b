/**
 * One subscription as the subscriber's pages show it (the signed-in page and the emailed link's page alike), and what
 * a change posted from them answers. Dates come ready to read (the shop's calendar day, in its time zone), money in cents.
 */
import type { SubscriptionStatus } from "@core/subscriptions";
import type { ErrorBody } from "~/lib/form-error";
import type { Address } from "~/components/checkout/use-checkout";

export type Totals = { subtotalCents: number; discountCents: number; shippingCents: number; taxCents: number; totalCents: number };

export type SubscriptionView = {
  id: number;
  status: SubscriptionStatus;
  statusLabel: string;
  plan: string;
  /** The plan as the frequency choice names it: "2 week". */
  frequency: string;
  frequencies: { value: string; label: string }[];
  /** The next delivery: its day ("Tuesday, December 8, 2026"), its date (2026-12-08) and, when it can be priced, its totals. */
  next: { day: string; date: string; totals: Totals | null } | null;
  /** "until Friday, January 8, 2027", or null while paused until resumed. */
  pausedUntil: string | null;
  items: { id: number; sku: string; title: string; options: string; quantity: number; unitCents: number | null; variants: { sku: string; label: string }[] }[];
  address: Address & { country: string };
  card: { brand: string; last4: string } | null;
  /** Whether the card is changed on this page (the simulated provider's form); otherwise the provider's own flow. */
  cardForm: boolean;
  orders: { number: number; placedAt: string; status: string; totalCents: number }[];
};

export type ChangeIntent = "skip" | "pause" | "resume" | "frequency" | "line" | "review-address" | "address" | "card" | "cancel";

/** A change's answer: done (with what the page says, and for a reviewed address its new totals), or refused. */
export type ChangeAnswer =
  | { ok: true; intent: ChangeIntent; line?: number; message: string; review?: { address: Address & { country: string }; totals: Totals } }
  | { ok: false; intent: ChangeIntent | null; line?: number; status: number; errors: ErrorBody[]; values: Record<string, string> };
