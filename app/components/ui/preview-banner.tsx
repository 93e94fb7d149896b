/** What a staff member previewing something shoppers cannot see yet is told: its state, and that only staff see it. */
export function PreviewBanner({ label, what }: { label: string; what: string }) {
  return (
    <p className="mb-6 rounded border border-amber-700 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
      {`${label} — only staff can see this ${what}`}
    </p>
  );
}
