import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { useShop } from "~/lib/use-shop";
import { HeartIcon } from "../icons";

/**
 * The heart that saves a product to the wishlist or takes it off. It is a form posting to /wishlist, so it works
 * before the page's script has loaded (the shopper then lands on their wishlist); after, it saves in place and the
 * root loader's list of saved handles, revalidated, keeps every heart on the page in step.
 */
export function WishlistButton({ handle, title, className = "" }: { handle: string; title: string; className?: string }) {
  const { wishlist } = useShop();
  const fetcher = useFetcher<{ error?: string }>({ key: `wishlist:${handle}` });
  const pendingIntent = fetcher.formData?.get("intent");
  const saved = pendingIntent ? pendingIntent === "save" : wishlist.includes(handle);
  return (
    <fetcher.Form method="post" action="/wishlist" className={className}>
      <input type="hidden" name="product" value={handle} />
      {/* Posted by the browser itself, the answer is the wishlist page, after a redirect that carries the new cookie. */}
      {useHydrated() ? null : <input type="hidden" name="then" value="/wishlist" />}
      <button
        type="submit"
        name="intent"
        value={saved ? "remove" : "save"}
        aria-pressed={saved}
        aria-label={`Save ${title} to wishlist`}
        className="rounded-full bg-card/90 p-2 text-secondary shadow-sm ring-1 ring-black/10 hover:bg-card"
      >
        <HeartIcon filled={saved} />
      </button>
      {fetcher.data?.error ? (
        <p role="alert" className="mt-1 max-w-48 rounded bg-card p-2 text-xs text-red-800 shadow">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
