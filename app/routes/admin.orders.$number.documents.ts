/** An order's invoice or credit note as a PDF, for staff who may see orders (permission `orders`). */
import type { Route } from "./+types/admin.orders.$number.documents";
import { requireStaffPage } from "./admin.server";
import { documentParams, orderNumberDocumentPdf, pdfDownload } from "./order-documents.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders");
  const { number, filename } = documentParams(params);
  return pdfDownload(await orderNumberDocumentPdf(context.db, context.storeId, number, filename));
}
