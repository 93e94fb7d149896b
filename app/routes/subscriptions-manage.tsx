/**
 * A subscription's page opened from the link every subscription email carries: the token is the authority, so a
 * guest subscriber manages it without an account, exactly as the signed-in page does.
 */
import { data } from "react-router";
import { privatePageHeaders } from "~/components/account/form-parts";
import { SubscriptionManager } from "~/components/subscriptions/subscription-manager";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { cardSetUpNotice, changeSubscription, manageLinkSubscriptionId, subscriptionView } from "./subscription-page.server";
import type { Route } from "./+types/subscriptions-manage";

export const meta = () => emailLinkMeta("Your subscription");

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const opened = await manageLinkSubscriptionId(context, request);
  if ("problem" in opened) return data({ view: null, problem: opened.problem, notice: null }, { status: opened.status, headers: privatePageHeaders() });
  return { view: await subscriptionView(context, opened.id), problem: null, notice: cardSetUpNotice(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const opened = await manageLinkSubscriptionId(context, request);
  if ("problem" in opened) return data({ ok: false as const, intent: null, status: opened.status, errors: [{ error: opened.problem }], values: {} }, { status: opened.status });
  return changeSubscription(context, opened.id, request, `/subscriptions/manage?token=${encodeURIComponent(linkToken(request))}`);
}

export default function SubscriptionsManage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, problem, notice } = loaderData;
  if (!view) return <EmailLinkPage title="This link cannot be used" message={problem ?? ""} back={{ to: "/login", label: "Sign in" }} />;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <h1 className="mb-6 font-heading text-3xl font-semibold">Your subscription</h1>
      <SubscriptionManager view={view} answer={actionData} notice={notice} />
    </section>
  );
}
