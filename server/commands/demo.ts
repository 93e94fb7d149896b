/**
 * `npm run shop -- demo show | remove`: the demo content the shop still has, and its removal (decision 0067), by the
 * use case Store settings' "Remove the demo content" calls.
 */
import type { AppDeps } from "../context";
import { commandLineActor } from "../audit/audit";
import { previewDemoRemoval, removeDemoContent, type DemoRemoval } from "../demo/demo-content";
import { CommandUsageError } from "./usage-error";

export const DEMO_USAGE = [
  "Usage: npm run shop -- demo <command>",
  "  show     what removing the demo content would take",
  "  remove   remove it: products, bundles, codes, reviews, testimonials, posts, pages' demo text (orders and customers stay)",
].join("\n");

const NOTHING = "The shop has no demo content left.";

export function formatDemoRemoval(removal: DemoRemoval): string {
  const line = (title: string, names: string[]) => (names.length === 0 ? [] : [`${title} (${names.length}): ${names.join(", ")}`]);
  return [
    ...line("Products", removal.products),
    ...line("Bundles", removal.bundles),
    ...line("Collections' demo members", removal.collections.map((c) => `${c.title} ${c.members}${c.removed ? " (and the collection)" : ""}`)),
    ...line("Discount codes", removal.discounts),
    ...(removal.reviews + removal.customerReviews > 0 ? [`Reviews: ${removal.reviews} demo, ${removal.customerReviews} by customers of demo products`] : []),
    ...line("Testimonials", removal.testimonials),
    ...line("Blog posts", removal.posts),
    ...line("Pages' demo text", removal.pages),
    ...line("Demo pictures", removal.pictures),
    ...line("Settings", removal.settings),
    ...(removal.blockers.length > 0 ? ["", "First, please:", ...removal.blockers.map((blocker) => `  - ${blocker}`)] : []),
  ].join("\n");
}

export async function demoCommand(deps: Pick<AppDeps, "db" | "imageStorage">, storeId: string, args: string[]): Promise<string> {
  const [sub, ...rest] = args;
  if (rest.length > 0) throw new CommandUsageError(DEMO_USAGE);
  switch (sub) {
    case "show": {
      const removal = await previewDemoRemoval(deps, storeId);
      return removal === null ? NOTHING : `Removing the demo content would take:\n${formatDemoRemoval(removal)}`;
    }
    case "remove": {
      const removal = await removeDemoContent(deps, commandLineActor(storeId));
      return removal === null ? NOTHING : `Removed the demo content:\n${formatDemoRemoval(removal)}`;
    }
    default:
      throw new CommandUsageError(DEMO_USAGE);
  }
}
