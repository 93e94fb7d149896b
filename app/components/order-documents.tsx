import { formatMoney } from "@core/money";

type OrderDocument = { kind: "invoice" | "credit_note"; number: string; filename: string; totalCents: number; replaced: boolean };

/**
 * An order's invoices and credit notes as download links, the same for the customer's order page, the order lookup and
 * the back office; an invoice an edit replaced says so beside its link.
 */
export function OrderDocumentLinks<Document extends OrderDocument>({
  documents,
  hrefOf,
  className,
  linkClassName = "underline",
}: {
  documents: Document[];
  hrefOf: (document: Document) => string;
  className?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className}>
      {documents.map((doc) => (
        <li key={doc.number}>
          <a href={hrefOf(doc)} className={linkClassName} download>
            {doc.kind === "invoice" ? "Invoice" : "Credit note"} {doc.number} (PDF)
          </a>{" "}
          · {formatMoney(doc.totalCents)}
          {doc.replaced ? " · replaced after the order was changed" : ""}
        </li>
      ))}
    </ul>
  );
}
