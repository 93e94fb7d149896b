export { stopPriceDropEmails } from "../../server/wishlist/price-drops";
