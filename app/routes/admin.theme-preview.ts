import { themePreviewLoader } from "./admin.settings.server";
import type { Route } from "./+types/admin.theme-preview";

export const loader = ({ request, context }: Route.LoaderArgs) => themePreviewLoader(context, request);
