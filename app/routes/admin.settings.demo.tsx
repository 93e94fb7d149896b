import { Form, Link } from "react-router";
import { FormMessage } from "~/components/account/form-parts";
import { AdminButton } from "~/components/admin/admin-form";
import { AdminErrorBoundary, adminMeta, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { demoPreviewScreen, removeDemoAction } from "./admin.settings.demo.server";
import type { Route } from "./+types/admin.settings.demo";

export const meta = () => adminMeta("Remove the demo content");

export const loader = ({ request, context }: Route.LoaderArgs) => demoPreviewScreen(context, request);

export const action = ({ request, context }: Route.ActionArgs) => removeDemoAction(context, request);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One kind of thing that goes: its heading with how many (`count`, where the names are not one each), and their names. */
function Going({ title, names, count = names.length }: { title: string; names: string[]; count?: number }) {
  if (names.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">
        {title} ({count})
      </h3>
      <ul className="ml-5 list-disc">
        {names.map((name, i) => (
          <li key={i} className="break-words">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AdminRemoveDemo({ loaderData, actionData }: Route.ComponentProps) {
  const { removal } = loaderData;
  const refusal = actionData?.errors[0]?.error;
  const reviews = removal.reviews + removal.customerReviews;
  return (
    <AdminPage
      title="Remove the demo content"
      intro={<p>Everything below goes at once and cannot be brought back. Orders, customers, shipping options, tax rates and whatever you made yourself are kept.</p>}
    >
      {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
      {removal.blockers.length > 0 ? (
        <AdminSection title="First, please">
          <ul className="ml-5 list-disc">
            {removal.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </AdminSection>
      ) : null}
      <AdminSection title="What goes">
        <div className="flex flex-col gap-4">
          <Going title="Products" names={removal.products} />
          <Going title="Bundles" names={removal.bundles} />
          <Going
            title="Collections' demo members"
            names={removal.collections.map((c) => `${c.title}: ${plural(c.members, "member")}${c.removed ? ", and the collection itself" : ""}`)}
          />
          <Going title="Discount codes" names={removal.discounts} />
          <Going
            title="Reviews"
            count={reviews}
            names={reviews > 0 ? [`${plural(removal.reviews, "demo review")}${removal.customerReviews > 0 ? `, and ${plural(removal.customerReviews, "customer review")} of demo products` : ""}`] : []}
          />
          <Going title="Testimonials" names={removal.testimonials} />
          <Going title="Blog posts" names={removal.posts} />
          <Going title="Pages' demo text" names={removal.pages} />
          <Going title="Demo pictures" names={removal.pictures} />
          <Going title="Settings back to an empty shop's" names={removal.settings} />
        </div>
      </AdminSection>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        {removal.blockers.length === 0 ? (
          <AdminButton weight="danger">Remove the demo content</AdminButton>
        ) : null}
        <Link to="/admin/settings" className="underline">
          Back to Store settings
        </Link>
      </Form>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
