import { linkChoicesLoader } from "./admin.navigation.server";
import type { Route } from "./+types/admin.navigation-links";

export const loader = ({ request, context }: Route.LoaderArgs) => linkChoicesLoader(context, request);
