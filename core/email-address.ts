/** Addresses differ only in case and surrounding spaces for the same mailbox, as far as the shop is concerned. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
