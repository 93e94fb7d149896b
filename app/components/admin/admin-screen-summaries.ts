/**
 * What the home screen says of each back-office screen, by its address: read by the home screen's loader, so the
 * navigation every screen loads does not carry these sentences to the browser.
 */
export const SCREEN_SUMMARIES: Readonly<Record<string, string>> = {
  "/admin": "What you can do in the back office.",
  "/admin/analytics": "How shoppers browse, search and buy.",
  "/admin/orders": "Ship, cancel and refund orders; export them.",
  "/admin/drafts": "Orders you take by phone or for a business: email a payment link or mark them paid.",
  "/admin/returns": "Returns and exchanges, and why customers send things back.",
  "/admin/subscriptions": "Subscriptions, their renewals and what the coming deliveries take.",
  "/admin/customers": "Customers, their orders and what they spent.",
  "/admin/discounts": "Discount codes, their use and revenue; the welcome popup's offer.",
  "/admin/products": "Add and edit products, their pictures and prices; import from Shopify.",
  "/admin/inventory": "Stock of every variant, each change with its reason.",
  "/admin/collections": "Group products in your order; pick the home page's and the menu's.",
  "/admin/bundles": "Sell products together at one price.",
  "/admin/wishlists": "The products shoppers saved most and the alerts waiting for them.",
  "/admin/home": "The home page's banners, pictures, testimonials and sections.",
  "/admin/posts": "Write blog posts, preview drafts, publish them.",
  "/admin/pages": "Static pages such as About: write, preview, publish.",
  "/admin/navigation": "The shop's menu, footer links and sections, copyright line and social links.",
  "/admin/theme": "The callout, colours, fonts, buttons and logo.",
  "/admin/messages": "Read and answer what customers write through the contact form.",
  "/admin/reviews": "Answer, hide and publish reviews; hold new ones for approval.",
  "/admin/subscribers": "Newsletter subscribers: search, export, unsubscribe.",
  "/admin/settings": "Store name, contact email, checkout on or off, minimum order.",
  "/admin/shipping": "Shipping options, prices and free-shipping thresholds.",
  "/admin/taxes": "Tax rates by country and region, and whether shipping is taxed.",
  "/admin/staff": "Add staff, change their roles, remove them.",
  "/admin/tokens": "Tokens for scripts, each with a role.",
  "/admin/audit": "Who changed what, and when.",
  "/admin/account": "Your two-step sign-in.",
};
