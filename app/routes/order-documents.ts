/** An invoice or credit note by the signed link the order lookup gave (no account needed); expired or forged: 404. */
import type { Route } from "./+types/order-documents";
import { documentPdfBySignedLink, pdfDownload } from "./order-documents.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return pdfDownload(await documentPdfBySignedLink(context.db, context.storeId, params.file, token));
}
