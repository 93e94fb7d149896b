/**
 * What the links of the subscription emails open: the subscription's own page (the manage link, whose holder may
 * change it as its subscriber would) and the reminder's skip of one renewal. The token is the authority: a forged or
 * altered link is refused as not valid, an old one as expired, and neither tells which subscription it named.
 */
import { and, eq } from "drizzle-orm";
import { badInput, gone, isRefusal } from "../../core/errors";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { subscriptionRenewals } from "../db/schema";
import { checkLink } from "../mail/signed-links";
import { skipRenewalOf } from "./changes";
import { MANAGE_LINK_PURPOSE, SKIP_LINK_PURPOSE } from "./emails";
import { subscriptionById, type Subscription } from "./records";

const NOT_VALID = "The link may be incomplete or changed. Copy the whole link from your latest subscription email.";
const EXPIRED = "This link has expired.";

async function subjectOf(db: Database, storeId: string, purpose: string, token: string): Promise<string> {
  const checked = await checkLink(db, storeId, purpose, token).catch(() => ({ ok: false as const, reason: "invalid" as const }));
  if (checked.ok) return checked.subject;
  throw checked.reason === "expired" ? gone(EXPIRED, "token") : badInput(NOT_VALID, "token");
}

/** The subscription a manage link names; refused as bad input (not valid) or gone (expired). */
export async function subscriptionOfManageLink(db: Database, storeId: string, token: string): Promise<Subscription> {
  const id = Number(await subjectOf(db, storeId, MANAGE_LINK_PURPOSE, token));
  try {
    return await subscriptionById(db, storeId, id);
  } catch (error) {
    if (isRefusal(error, "not-found")) throw badInput(NOT_VALID, "token");
    throw error;
  }
}

/**
 * Where the renewal a skip link was sent for stands: still next (`due`, it can be skipped), `skipped` (the
 * subscription moved past it with no charge), `renewed` (charged: on its way), or `inactive` (paused, past due or
 * cancelled: nothing goes out to skip).
 */
export type SkipLinkState = { subscription: Subscription; renewalAt: Date; state: "due" | "skipped" | "renewed" | "inactive" };

export async function readSkipLink(deps: AppDeps, storeId: string, token: string): Promise<SkipLinkState> {
  const subject = await subjectOf(deps.db, storeId, SKIP_LINK_PURPOSE, token);
  const match = /^(\d+)@(\d+)$/.exec(subject);
  if (!match) throw badInput(NOT_VALID, "token");
  const renewalAt = new Date(Number(match[2]));
  const subscription = await subscriptionById(deps.db, storeId, Number(match[1])).catch((error: unknown) => {
    throw isRefusal(error, "not-found") ? badInput(NOT_VALID, "token") : error;
  });
  return { subscription, renewalAt, state: await stateOf(deps.db, subscription, renewalAt) };
}

async function stateOf(db: Database, subscription: Subscription, renewalAt: Date): Promise<SkipLinkState["state"]> {
  const [charged] = await db
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscription.id), eq(subscriptionRenewals.dueAt, renewalAt)));
  if (charged) return "renewed";
  if (subscription.status !== "active") return "inactive";
  return subscription.nextRenewalAt.getTime() === renewalAt.getTime() ? "due" : "skipped";
}

/** Skips the renewal the link names while it is still next (skipRenewalOf), and tells where it stands after. */
export async function skipByLink(deps: AppDeps, storeId: string, token: string): Promise<SkipLinkState> {
  const read = await readSkipLink(deps, storeId, token);
  if (read.state === "due") await skipRenewalOf(deps, storeId, read.subscription.id, read.renewalAt.getTime());
  return readSkipLink(deps, storeId, token);
}
