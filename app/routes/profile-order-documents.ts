/** The signed-in customer's own order's invoice or credit note as a PDF; another customer's answers as missing. */
import { redirect } from "react-router";
import type { Route } from "./+types/profile-order-documents";
import { currentCustomer } from "./profile-order.server";
import { documentParams, orderNumberDocumentPdf, pdfDownload } from "./order-documents.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customer = await currentCustomer(context, request);
  if (!customer) throw redirect("/login");
  const { number, filename } = documentParams(params);
  return pdfDownload(await orderNumberDocumentPdf(context.db, context.storeId, number, filename, customer.id));
}
