/**
 * `npm run shop -- <command> [options]`: the owner's maintenance commands. Each lives in scripts/shop/<command>.ts
 * and exports `run(args)`; it is loaded only when asked for.
 */
import { ConfigError } from "../server/config";
import { DatabaseUnavailableError } from "../server/db/client";

type Command = { run(args: string[]): Promise<void> };

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  analytics: { summary: "analytics [--days 30]   browsing analytics report", load: () => import("./shop/analytics") },
  orders: {
    summary: "orders list | show <n> | fulfil <n> | cancel <n> | refund <n>   order operations",
    load: () => import("./shop/orders"),
  },
  reviews: {
    summary: "reviews list | respond <id> <text> | hide <id> | show <id>   review moderation",
    load: () => import("./shop/reviews"),
  },
};

function usage() {
  return ["Usage: npm run shop -- <command>", "", ...Object.values(commands).map((command) => `  ${command.summary}`)].join("\n");
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    process.exit(2);
  }
  await (await command.load()).run(args);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
