import { Link } from "react-router";
import { privatePageHeaders } from "~/components/account/form-parts";
import { SubscriptionSummary } from "~/components/subscriptions/subscription-manager";
import { customerSubscriptions } from "./subscription-page.server";
import type { Route } from "./+types/profile-subscriptions";

export function meta() {
  return [{ title: "Your subscriptions" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return { subscriptions: await customerSubscriptions(context, request) };
}

export default function ProfileSubscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions } = loaderData;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <Link to="/profile" className="underline">
        ← Back to your profile
      </Link>
      <h1 className="mt-4 font-heading text-3xl font-semibold">Your subscriptions</h1>
      {subscriptions.length === 0 ? (
        <p className="mt-4">
          You have no subscriptions yet. Coffee and tea can be delivered on a schedule: choose a subscription on the product&apos;s page.{" "}
          <Link to="/shop" className="font-medium underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <ul className="mt-6 space-y-6">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <article aria-labelledby={`subscription-${subscription.id}`} className="rounded-lg bg-card p-5 shadow-sm sm:p-6">
                <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
                  <h2 id={`subscription-${subscription.id}`} className="text-xl font-semibold">
                    {subscription.items.map((item) => item.title).join(", ")}, {subscription.plan}
                  </h2>
                  <Link to={`/profile/subscriptions/${subscription.id}`} className="font-medium underline">
                    Manage<span className="sr-only"> the subscription to {subscription.items.map((item) => item.title).join(", ")}</span>
                  </Link>
                </div>
                <SubscriptionSummary view={subscription} headingLevel={3} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
