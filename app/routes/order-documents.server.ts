/** An order's invoice or credit note as a file download, for the routes that serve one (admin, customer, mailbox). */
import { data } from "react-router";

export { documentPdfBySignedLink, orderNumberDocumentPdf } from "../../server/orders/invoices";

/** The PDF as a download, never cached by a shared cache; a missing one is a 404 like any other page. */
export function pdfDownload(file: { filename: string; pdf: Buffer } | null): Response {
  if (!file) throw data("Not found", { status: 404 });
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The order number and file name of a document's path, or a 404 for anything else. */
export function documentParams(params: { number?: string; file?: string }): { number: number; filename: string } {
  const number = Number(params.number);
  if (!Number.isSafeInteger(number) || number <= 0 || !/^(INV|CN)-\d{6,}\.pdf$/.test(params.file ?? "")) throw data("Not found", { status: 404 });
  return { number, filename: params.file! };
}
