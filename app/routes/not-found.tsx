import { data } from "react-router";

/** Any path the shop does not serve: a real 404, rendered by the root error boundary inside the site layout. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
