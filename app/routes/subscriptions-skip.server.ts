/**
 * The reminder's skip link read and acted on, as its page shows it: the renewal it names, where that stands, and the
 * subscription's own page to go on to.
 */
import type { AppDeps } from "../../server/context";
import { manageLink, renewalDay } from "../../server/subscriptions/emails";
import { readSkipLink, skipByLink, type SkipLinkState } from "../../server/subscriptions/links";
import { shopTimeZone } from "../../server/store/settings";
import { linkToken } from "~/components/ui/email-link-page";
import { linkProblemOf, type LinkProblem } from "./subscription-page.server";

export type SkipPage = { state: SkipLinkState["state"]; day: string; next: string; manage: string };

/** The shop's own path of an emailed link, so the page links within the site it was opened on. */
const pagePath = async (link: Promise<string>) => {
  const url = new URL(await link);
  return url.pathname + url.search;
};

async function pageOf(deps: AppDeps, read: SkipLinkState): Promise<SkipPage> {
  const timeZone = await shopTimeZone(deps.db, deps.storeId);
  return {
    state: read.state,
    day: renewalDay(read.renewalAt, timeZone),
    next: renewalDay(read.subscription.nextRenewalAt, timeZone),
    manage: await pagePath(manageLink(deps, read.subscription)),
  };
}

export async function skipLinkPage(deps: AppDeps, request: Request, act: boolean): Promise<SkipPage | LinkProblem> {
  try {
    const token = linkToken(request);
    return await pageOf(deps, act ? await skipByLink(deps, deps.storeId, token) : await readSkipLink(deps, deps.storeId, token));
  } catch (error) {
    return linkProblemOf(error);
  }
}
