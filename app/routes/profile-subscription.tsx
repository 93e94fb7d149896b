import { Link } from "react-router";
import { privatePageHeaders } from "~/components/account/form-parts";
import { SubscriptionManager } from "~/components/subscriptions/subscription-manager";
import { cardSetUpNotice, changeSubscription, customerSubscriptionId, subscriptionView } from "./subscription-page.server";
import type { Route } from "./+types/profile-subscription";

export function meta() {
  return [{ title: "Your subscription" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { view: await subscriptionView(context, await customerSubscriptionId(context, request, params.id)), notice: cardSetUpNotice(request) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = await customerSubscriptionId(context, request, params.id);
  return changeSubscription(context, id, request, `/profile/subscriptions/${id}`);
}

export default function ProfileSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <Link to="/profile/subscriptions" className="underline">
        ← All your subscriptions
      </Link>
      <h1 className="mb-6 mt-4 font-heading text-3xl font-semibold">Your subscription</h1>
      <SubscriptionManager view={loaderData.view} answer={actionData} notice={loaderData.notice} />
    </section>
  );
}
