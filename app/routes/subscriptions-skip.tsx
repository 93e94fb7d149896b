/**
 * The renewal reminder's "Skip this delivery". Opening the link shows the delivery it names with one button; the
 * button skips it. A GET that skipped would let the link scanners of mail services (which open every link of a
 * message as it arrives) skip a delivery nobody asked to skip, and a skip cannot be undone; one-click unsubscribe is
 * a POST (RFC 8058) for the same reason. The link names that one renewal: once it is skipped or charged the page says
 * so, and the button is gone.
 */
import { data, Form, Link } from "react-router";
import { privatePageHeaders, useSending } from "~/components/account/form-parts";
import { EmailLinkPage, emailLinkMeta } from "~/components/ui/email-link-page";
import { skipLinkPage } from "./subscriptions-skip.server";
import type { Route } from "./+types/subscriptions-skip";

export const meta = () => emailLinkMeta("Skip a delivery");

export const headers = privatePageHeaders;

async function answer(context: Route.LoaderArgs["context"], request: Request, act: boolean) {
  const page = await skipLinkPage(context, request, act);
  return "problem" in page ? data({ ...page, page: null }, { status: page.status, headers: privatePageHeaders() }) : data({ page, problem: null }, { headers: privatePageHeaders() });
}

export const loader = ({ context, request }: Route.LoaderArgs) => answer(context, request, false);
export const action = ({ context, request }: Route.ActionArgs) => answer(context, request, true);

const TOLD = {
  skipped: (day: string, next: string) => ({ title: "Delivery skipped", message: `The delivery of ${day} is skipped. Your next delivery is on ${next}.` }),
  renewed: (day: string) => ({ title: "This delivery is on its way", message: `The delivery of ${day} is already paid and being prepared, so it cannot be skipped.` }),
  inactive: (day: string) => ({ title: "Nothing to skip", message: `Your subscription is not running, so no delivery goes out on ${day}.` }),
};

export default function SubscriptionsSkip({ loaderData, actionData }: Route.ComponentProps) {
  const { page, problem } = actionData ?? loaderData;
  const busy = useSending("/subscriptions/skip");
  if (!page) return <EmailLinkPage title="This link cannot be used" message={problem ?? ""} back={{ to: "/login", label: "Sign in" }} />;
  const manage = { to: page.manage, label: "Manage your subscription" };
  if (page.state === "skipped") return <EmailLinkPage {...TOLD.skipped(page.day, page.next)} back={manage} />;
  if (page.state !== "due") return <EmailLinkPage {...TOLD[page.state](page.day)} back={manage} />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">Skip the delivery of {page.day}?</h1>
      <p className="mt-4">Nothing is charged or sent for it. The delivery after it comes as usual.</p>
      <Form method="post" className="mt-8">
        <button type="submit" disabled={busy} className="rounded bg-button px-6 py-3 font-semibold text-button-ink disabled:opacity-70">
          {busy ? "Skipping..." : "Skip this delivery"}
        </button>
      </Form>
      <p className="mt-6">
        <Link to={page.manage} className="underline">
          Manage your subscription
        </Link>
      </p>
    </section>
  );
}
