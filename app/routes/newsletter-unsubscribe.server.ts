export { unsubscribe } from "../../server/newsletter/subscribers";
