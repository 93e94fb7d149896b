/**
 * The owner's commands (`npm run shop -- <command> …`). Each takes the shop's dependencies and returns what to print,
 * so the same code runs in the command's own process (PostgreSQL, or an embedded database no shop is using) and
 * inside the running shop when the command is handed to it (command-socket.ts): the embedded database has one
 * writer, and the owner never has to stop the shop to run a command.
 */
import path from "node:path";
import type { Config } from "../config";
import type { AppDeps } from "../context";
import { CommandUsageError } from "./usage-error";

export type OwnerCommand = (deps: AppDeps, storeId: string, args: string[]) => Promise<string>;

type CommandEntry = {
  summary: string;
  load: () => Promise<OwnerCommand>;
  /** Its arguments other than options are files, named where the owner typed them. */
  takesFiles?: true;
  /** Run, when no shop answers, without opening the database (restore makes the database's folder). */
  withoutDatabase?: () => Promise<(config: Config, args: string[]) => Promise<string>>;
};

const COMMANDS: Record<string, CommandEntry> = {
  analytics: {
    summary: "analytics [--days 30]   browsing analytics report",
    load: async () => (await import("./analytics")).analyticsCommand,
  },
  backup: {
    summary: "backup <file>   the embedded database and its pictures in one file, while the shop runs (docs/deploy.md)",
    load: async () => (await import("./backup")).backupCommand,
    takesFiles: true,
  },
  demo: {
    summary: "demo show | remove   the demo content the shop still has, and its removal (orders and customers stay)",
    load: async () => (await import("./demo")).demoCommand,
  },
  drafts: {
    summary: "drafts list   draft orders: open, payment link sent, or paid and the order each became",
    load: async () => (await import("./drafts")).draftsCommand,
  },
  images: {
    summary: "images migrate   copy the data folder's pictures into the bucket (S3_BUCKET)",
    load: async () => (await import("./images")).imagesCommand,
  },
  orders: {
    summary:
      "orders list | show <n> | fulfil <n> [--carrier <name>] [--tracking <number>] | cancel <n> | refund <n> [--amount <dollars.cents>] [--restock]   order operations",
    load: async () => (await import("./orders")).ordersCommand,
  },
  restore: {
    summary: "restore <file> [--force]   a backup into DATA_DIR, with no shop running on it",
    load: async () => (await import("./backup")).restoreUnderRunningShop,
    takesFiles: true,
    withoutDatabase: async () => (await import("./backup")).restoreCommand,
  },
  reviews: {
    summary: "reviews list | respond <id> <text> | hide <id> | show <id>   review moderation",
    load: async () => (await import("./reviews")).reviewsCommand,
  },
  subscriptions: {
    summary:
      "subscriptions renew-due [--as-of <date>] | remind-due [--as-of <date>] | list [--status <status>] | plan   renewals and reminders now, subscribers, the coming deliveries",
    load: async () => (await import("./subscriptions")).subscriptionsCommand,
  },
  staff: {
    summary: "staff add <email> --role <role> [--name <name>] --password-stdin | list | remove <email> | setup-link   staff accounts",
    load: async () => (await import("./staff")).staffCommand,
  },
};

export function commandUsage(): string {
  return ["Usage: npm run shop -- <command>", "", ...Object.values(COMMANDS).map((command) => `  ${command.summary}`)].join("\n");
}

export const isOwnerCommand = (name: string | undefined): boolean => name !== undefined && Object.hasOwn(COMMANDS, name);

export async function runOwnerCommand(deps: AppDeps, storeId: string, [name, ...args]: string[]): Promise<string> {
  const command = isOwnerCommand(name) ? COMMANDS[name!] : undefined;
  if (!command) throw new CommandUsageError(name ? `Unknown command "${name}".\n\n${commandUsage()}` : commandUsage());
  return (await command.load())(deps, storeId, args);
}

/** The running shop that is handed a command may work in another folder than the owner's shell. */
export function withAbsolutePaths(args: string[]): string[] {
  if (!isOwnerCommand(args[0]) || !COMMANDS[args[0]!].takesFiles) return args;
  return args.map((arg, index) => (index === 0 || arg.startsWith("--") ? arg : path.resolve(arg)));
}

/** The command's output when it runs without the database, or null when it needs it opened. */
export async function runWithoutDatabase(config: Config, [name, ...args]: string[]): Promise<string | null> {
  const withoutDatabase = isOwnerCommand(name) ? COMMANDS[name!].withoutDatabase : undefined;
  return withoutDatabase ? (await withoutDatabase())(config, args) : null;
}
