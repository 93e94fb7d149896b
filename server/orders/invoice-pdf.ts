/**
 * An invoice or credit note as a PDF (PDFKit, decision 0055), drawn from its frozen figures alone: the same document
 * gives the same text on every download. Helvetica, one of the PDF's standard fonts, needs no font file and reads
 * the '×' and '—' of a bundle's words.
 */
import PDFDocument from "pdfkit";
import { invoiceTotals, type InvoiceDocumentFigures, type Seller } from "../../core/invoices";
import { formatMoney } from "../../core/money";

const MARGIN = 50;
const PAGE_WIDTH = 612; // US Letter, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** The table's columns: item, quantity, unit price, line total (x and width, in points). */
const COLUMNS = { item: [MARGIN, 290], qty: [345, 40], unit: [390, 80], total: [472, 90] } as const;

const issuedOn = (at: Date, figures: InvoiceDocumentFigures) => figures.issuedOn ?? at.toISOString().slice(0, 10);

function sellerBlock(doc: PDFKit.PDFDocument, seller: Seller) {
  doc.font("Helvetica-Bold").fontSize(12).text(seller.name);
  doc.font("Helvetica").fontSize(10);
  for (const line of seller.address) doc.text(line);
  if (seller.taxId) doc.text(`Tax id: ${seller.taxId}`);
}

function row(doc: PDFKit.PDFDocument, cells: Record<keyof typeof COLUMNS, string>, bold = false) {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
  const top = doc.y;
  const height = doc.heightOfString(cells.item, { width: COLUMNS.item[1] });
  for (const [key, [x, width]] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, readonly [number, number]][]) {
    doc.text(cells[key], x, top, { width, align: key === "item" ? "left" : "right" });
  }
  doc.x = MARGIN;
  doc.y = top + height + 6;
}

function amountRow(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
  const top = doc.y;
  doc.text(label, 300, top, { width: 170, align: "right" });
  doc.text(value, COLUMNS.total[0], top, { width: COLUMNS.total[1], align: "right" });
  doc.x = MARGIN;
  doc.y = top + 16;
}

export function renderInvoicePdf(number: string, issuedAt: Date, figures: InvoiceDocumentFigures): Promise<Buffer> {
  const title = figures.kind === "invoice" ? `Invoice ${number}` : `Credit note ${number}`;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: title, Author: figures.seller.name, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  sellerBlock(doc, figures.seller);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(18).text(title);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Issued: ${issuedOn(issuedAt, figures)}`);
  doc.text(`Order: #${figures.orderNumber}`);
  if (figures.kind === "credit_note") doc.text(`Credits invoice: ${figures.invoiceNumber}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Bill to");
  doc.font("Helvetica").text(figures.buyer.name);
  doc.text(figures.buyer.email);
  if (figures.buyer.address.length > 0) {
    doc.font("Helvetica-Bold").text("Ship to");
    doc.font("Helvetica");
    for (const line of figures.buyer.address) doc.text(line);
  }
  doc.moveDown();

  if (figures.kind === "invoice") {
    row(doc, { item: "Item", qty: "Qty", unit: "Unit price", total: "Amount" }, true);
    doc.moveTo(MARGIN, doc.y - 3).lineTo(MARGIN + CONTENT_WIDTH, doc.y - 3).stroke();
    for (const line of figures.lines) {
      row(doc, { item: line.text, qty: String(line.quantity), unit: formatMoney(line.unitCents), total: formatMoney(line.totalCents) });
    }
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT_WIDTH, doc.y).stroke();
    doc.y += 8;
    const totals = invoiceTotals(figures);
    totals.forEach(([label, value], index) => amountRow(doc, label, value, index === totals.length - 1));
  } else {
    doc.text(
      figures.replacedBy
        ? `Order #${figures.orderNumber} was changed: this cancels invoice ${figures.invoiceNumber}, replaced by invoice ${figures.replacedBy}.`
        : `A refund on order #${figures.orderNumber}, crediting invoice ${figures.invoiceNumber}.`,
    );
    doc.moveDown();
    amountRow(doc, figures.replacedBy ? "Credited" : "Refunded", formatMoney(figures.amountCents), true);
  }
  doc.end();
  return done;
}
