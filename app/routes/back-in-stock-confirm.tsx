import { data, Link } from "react-router";
import { confirmStockAlert } from "./back-in-stock-links.server";
import type { Route } from "./+types/back-in-stock-confirm";

/** One click from the email confirms: the link is signed for this alert and proves the address is the shopper's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const product = await confirmStockAlert(context, context.storeId, token);
  return data({ product }, { status: product ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

export function meta() {
  return [
    { title: "Back-in-stock alert" },
    // The address carries the alert's link: keep it out of search engines and other sites' logs.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function BackInStockConfirm({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">{product ? "Your alert is confirmed" : "This link is not valid any more"}</h1>
      <p className="mt-4">
        {product
          ? `We'll email you once when ${product.product_title} is back in stock.`
          : "Confirmation links work for a week. Ask again from the product's page for a new one."}
      </p>
      <Link
        to={product ? `/products/${encodeURIComponent(product.product_handle)}` : "/"}
        className="mt-8 inline-block rounded bg-button px-6 py-3 font-semibold text-button-ink"
      >
        {product ? "Back to the product" : "Back to the shop"}
      </Link>
    </div>
  );
}
