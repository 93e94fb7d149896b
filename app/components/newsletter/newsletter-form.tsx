/** The footer's 'Subscribe to our email list' box. */
export function NewsletterForm() {
  return (
    <form method="post" action="/api/customer_service/add_customer_to_newsletter" className="space-y-2">
      <label htmlFor="newsletter-email" className="block font-semibold">
        Subscribe to our email list
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          placeholder="Email"
          className="min-w-0 flex-1 rounded border border-black/30 bg-white px-3 py-2"
        />
        <button type="submit" className="rounded bg-button px-4 py-2 text-button-ink">
          Subscribe
        </button>
      </div>
    </form>
  );
}
