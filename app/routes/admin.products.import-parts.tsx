/** What the import screens share: the words for a job's status and the export's download link. */

export const IMPORT_STATUS_LABELS = { queued: "Waiting", running: "Running", succeeded: "Done", failed: "Not imported" } as const;

export function ExportLink() {
  return (
    <a href="/api/admin/products/export" download className="font-medium underline">
      Download all products as CSV (Shopify&apos;s format)
    </a>
  );
}
