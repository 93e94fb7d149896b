import { data, Form, Link, redirect, useNavigation } from "react-router";
import { wishlistFormSchema } from "@core/schemas/wishlist";
import { FormMessage, privatePageHeaders } from "~/components/account/form-parts";
import { ProductGrid } from "~/components/product/product-grid";
import {
  currentCustomer,
  formFailure,
  formValues,
  removeFromWishlist,
  saveToWishlist,
  setPriceDropAlerts,
  wishlistOwnerForSave,
  wishlistPage,
} from "./wishlist.server";
import type { Route } from "./+types/wishlist";

export function meta() {
  return [{ title: "Wishlist" }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export const loader = ({ request, context }: Route.LoaderArgs) => wishlistPage(context, request);

/** Every change to the wishlist, an intent each: save and remove (the hearts), and the price-drop emails switch. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["intent", "product", "on"]);
  const then = form.get("then") === "/wishlist" ? "/wishlist" : null;
  try {
    const change = wishlistFormSchema.parse(values);
    const customer = await currentCustomer(context, request);
    if (change.intent === "price-emails") {
      if (!customer) return data({ error: "Sign in to get price-drop emails." }, { status: 401 });
      await setPriceDropAlerts(context.db, context.storeId, customer.id, change.on === "true");
      return data({ ok: true as const });
    }
    const { owner, setCookie } = wishlistOwnerForSave(context.config, customer, request);
    if (change.intent === "save") await saveToWishlist(context.db, context.storeId, owner, change.product);
    else await removeFromWishlist(context.db, context.storeId, owner, change.product);
    const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
    if (then) return redirect(then, { headers });
    return data({ ok: true as const }, { headers });
  } catch (error) {
    const failure = formFailure(error, values, "The wishlist could not be changed. Please try again.");
    return data({ error: failure.errors[0].error }, { status: failure.status });
  }
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { products, signedIn, priceEmails } = loaderData;
  const navigation = useNavigation();
  const switching = navigation.formAction === "/wishlist" && navigation.formData?.get("intent") === "price-emails";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="font-heading text-3xl font-semibold">Wishlist</h1>
      {error ? <FormMessage tone="error" className="mt-4">{error}</FormMessage> : null}
      <div className="mt-4 rounded-lg bg-card p-4 shadow-sm">
        {signedIn ? (
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p>
              {priceEmails
                ? "We email you when a product you saved gets cheaper (at most once a week for each)."
                : "Want to know when a product you saved gets cheaper? We can email you, at most once a week for each."}
            </p>
            <input type="hidden" name="on" value={priceEmails ? "false" : "true"} />
            <button
              type="submit"
              name="intent"
              value="price-emails"
              disabled={switching}
              className="shrink-0 rounded bg-button px-4 py-2 font-semibold text-button-ink disabled:opacity-60"
            >
              {priceEmails ? "Stop price-drop emails" : "Email me when a price drops"}
            </button>
          </Form>
        ) : (
          <p>
            Saved on this device.{" "}
            <Link to="/login" className="font-medium underline">
              Sign in
            </Link>{" "}
            to keep your wishlist in your account and be emailed when a price drops.
          </p>
        )}
      </div>
      {products.length === 0 ? (
        <p className="mt-8">
          Nothing saved yet. Tap the heart on a product to keep it here.{" "}
          <Link to="/shop" className="font-medium underline">
            Browse the shop
          </Link>
        </p>
      ) : (
        <div className="mt-8">
          <ProductGrid products={products} label="Saved products" cardHeading="h2" wishlist />
        </div>
      )}
    </section>
  );
}
