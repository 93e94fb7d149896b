/**
 * "Email me when it's back" for a sold-out variant (decision 0038). Posts to the /back-in-stock action: in place with
 * JavaScript, as a plain form before it loads. A signed-in customer's alert goes to the account's email.
 */
import { useFetcher } from "react-router";
import { placeErrors } from "~/lib/form-error";
import { useShop } from "~/lib/use-shop";
import type { action } from "~/routes/back-in-stock";
import { EmailField, FormMessage } from "../account/form-parts";

export function BackInStockForm({ sku, productHandle }: { sku: string; productHandle: string }) {
  const { isLoggedIn } = useShop();
  // Keyed by the variant: another variant's answer is not this one's.
  const fetcher = useFetcher<typeof action>({ key: `back-in-stock:${sku}` });
  const answer = fetcher.data;
  const failure = answer && !answer.ok ? answer : undefined;
  const placed = placeErrors(failure?.errors, ["email"]);
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="back-in-stock-heading" className="rounded border border-black/20 bg-card p-4">
      <h2 id="back-in-stock-heading" className="font-semibold">
        Sold out: get an email when it&apos;s back
      </h2>
      {answer?.ok ? (
        <div className="mt-3">
          <FormMessage tone="success">{answer.message}</FormMessage>
        </div>
      ) : (
        <fetcher.Form method="post" action="/back-in-stock" noValidate className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="sku" value={sku} />
          <input type="hidden" name="product" value={productHandle} />
          {placed.form ? <FormMessage tone="error">{placed.form}</FormMessage> : null}
          {isLoggedIn ? (
            <p className="text-sm">We&apos;ll write to your account&apos;s email address.</p>
          ) : (
            <EmailField defaultValue={failure?.values.email} error={placed.at.email} />
          )}
          <button
            type="submit"
            disabled={busy}
            className="rounded border-2 border-button bg-white px-6 py-3 font-semibold text-ink disabled:opacity-70"
          >
            {busy ? "Sending..." : "Email me when it's back"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
