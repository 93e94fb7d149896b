/**
 * "Email me when it's back" under a sold-out variant (decision 0038). Posts to the /back-in-stock action: in place
 * with JavaScript, as a plain form before it loads (that page then answers). A signed-in customer's alert goes to the
 * account's email. Kept to plain markup: it is in the product page's first load, which has little room left.
 */
import { useId } from "react";
import { useFetcher } from "react-router";
import type { Variant } from "@core/schemas/catalog";
import { useShop } from "~/lib/use-shop";
import type { action } from "~/routes/back-in-stock";

export function BackInStock({ variant, productHandle }: { variant: Variant | null; productHandle: string }) {
  if (!variant || variant.total_stock > 0) return null;
  // Keyed by the variant: another variant's answer is not this one's.
  return <BackInStockForm key={variant.sku} sku={variant.sku} productHandle={productHandle} />;
}

function BackInStockForm({ sku, productHandle }: { sku: string; productHandle: string }) {
  const { isLoggedIn } = useShop();
  const fetcher = useFetcher<typeof action>({ key: `back-in-stock:${sku}` });
  const id = useId();
  const answer = fetcher.data;
  const errors = answer && !answer.ok ? answer.errors : [];
  const emailError = errors.find((error) => error.field === "email")?.error;
  const formError = errors.find((error) => error.field !== "email")?.error;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded border border-black/20 bg-card p-4">
      <h2 id={`${id}-heading`} className="font-semibold">
        Sold out: get an email when it&apos;s back
      </h2>
      {answer?.ok ? (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
          {answer.message}
        </p>
      ) : (
        <fetcher.Form method="post" action="/back-in-stock" noValidate className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="sku" value={sku} />
          <input type="hidden" name="product" value={productHandle} />
          {formError ? (
            <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
              {formError}
            </p>
          ) : null}
          {isLoggedIn ? (
            <p className="text-sm">We&apos;ll write to your account&apos;s email address.</p>
          ) : (
            <div>
              <label htmlFor={`${id}-email`} className="mb-1 block font-medium">
                Email
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-error` : undefined}
                className="w-full rounded border border-black/30 bg-white px-3 py-2"
              />
              {emailError ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                  {emailError}
                </p>
              ) : null}
            </div>
          )}
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded border-2 border-button bg-white px-6 py-3 font-semibold text-ink disabled:opacity-70"
          >
            Email me when it&apos;s back
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
