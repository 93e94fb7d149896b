import { data } from "react-router";
import { EmailLinkPage, emailLinkMeta, linkToken } from "~/components/ui/email-link-page";
import { confirmStockAlert } from "./back-in-stock-links.server";
import type { Route } from "./+types/back-in-stock-confirm";

/** One click from the email confirms: the link is signed for this alert and proves the address is the shopper's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const product = await confirmStockAlert(context, context.storeId, linkToken(request));
  return data({ product }, { status: product ? 200 : 404, headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => emailLinkMeta("Back-in-stock alert");

export default function BackInStockConfirm({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return product ? (
    <EmailLinkPage
      title="Your alert is confirmed"
      message={`We'll email you once when ${product.product_title} is back in stock.`}
      back={{ to: `/products/${encodeURIComponent(product.product_handle)}`, label: "Back to the product" }}
    />
  ) : (
    <EmailLinkPage title="This link is not valid any more" message="Confirmation links work for a week. Ask again from the product's page for a new one." />
  );
}
