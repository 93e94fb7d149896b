/**
 * `npm run shop -- <command> [options]`: the owner's commands (server/commands/). A running shop on the embedded
 * database is handed the command and runs it itself (server/commands/command-socket.ts), so the shop never has to
 * stop; otherwise, and on PostgreSQL, the command opens the configured database here.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { commandSocketPath, sendOwnerCommand } from "../server/commands/command-socket";
import { commandUsage, isOwnerCommand, runOwnerCommand, runWithoutDatabase } from "../server/commands/index";
import { passwordFromStdin } from "../server/commands/password-stdin";
import { CommandUsageError } from "../server/commands/usage-error";
import { ConfigError, loadConfig, publicUrlWarning, type Config } from "../server/config";
import { DatabaseUnavailableError } from "../server/db/unavailable";

/**
 * The command in this process, on the database it opens itself. The database drivers, the shop's dependencies and the
 * picture storage load here only, so a command a running shop takes is handed over without loading them.
 */
async function runHere(commandConfig: Config, args: string[]): Promise<string> {
  const [{ openConfiguredDatabase }, { createDeps }, { imageStorageFor }, { withShopPublicUrl }] = await Promise.all([
    import("../server/db/client"),
    import("../server/deps"),
    import("../server/images/storage"),
    import("../server/store/public-url"),
  ]);
  const dataDir = path.resolve(commandConfig.DATA_DIR);
  const database = await openConfiguredDatabase(commandConfig);
  try {
    await database.migrate();
    // The shop's public address, so links in emails (a fulfilment's review request) are built as the shop builds them.
    const config = await withShopPublicUrl(database.db, commandConfig);
    const publicUrlProblem = publicUrlWarning(config);
    if (publicUrlProblem) console.warn(publicUrlProblem);
    const imagesDir = path.join(dataDir, "images");
    const deps = createDeps(database, config, imagesDir, await imageStorageFor(config, imagesDir));
    try {
      return await runOwnerCommand(deps, config.STORE_ID, args);
    } finally {
      deps.mailer.close();
    }
  } finally {
    await database.close();
  }
}

/** Runs one command line, printing its output; the exit code: 0 done, 1 refused or failed, 2 not a command. */
export async function runCommandLine(args: string[]): Promise<number> {
  if (!isOwnerCommand(args[0])) {
    console.error(args[0] ? `Unknown command "${args[0]}".\n\n${commandUsage()}` : commandUsage());
    return 2;
  }
  try {
    const config = loadConfig();
    const handed = config.DATABASE_URL ? null : await sendOwnerCommand(commandSocketPath(config.DATA_DIR), args);
    if (handed && "error" in handed) {
      console.error(handed.error);
      return handed.usage ? 2 : 1;
    }
    console.log(handed ? handed.output : ((await runWithoutDatabase(config, args)) ?? (await runHere(config, args))));
    return 0;
  } catch (error) {
    if (error instanceof CommandUsageError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // Read here, where the owner typed it, whichever process then runs the command.
  process.exit(await runCommandLine(await passwordFromStdin(process.argv.slice(2), process.stdin)));
}
