/**
 * `backup <file>` and `restore <file> [--force]` for the embedded database. A backup is one gzipped tar holding the
 * database's data folder as PGlite dumps it (`database.tar`) and the pictures folder (`images/`). It is taken by the
 * process that holds the database, the running shop when there is one, so the shop never stops for it.
 *
 * A restore builds a database folder from the file and so runs with no process on it: never inside a running shop,
 * which answers with a refusal telling the owner to stop it first or restore into another DATA_DIR.
 * PostgreSQL is backed up with its own tools; both commands print the pg_dump / pg_restore line instead.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import type { Config } from "../config";
import { lockFolder, openPgliteFromTarball, type Database } from "../db/client";
import type { OwnerCommand } from "./index";
import { CommandUsageError } from "./usage-error";

const DATABASE_ENTRY = "database.tar";
const IMAGES_ENTRY = "images";

export const pgDumpLine = (file: string) => `pg_dump --format=custom --file=${file} "$DATABASE_URL"`;
export const pgRestoreLine = (file: string) => `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`;

function parse(command: string, args: string[], options: string[] = []): { file: string; flags: Set<string> } {
  const flags = new Set(args.filter((arg) => arg.startsWith("--")));
  const files = args.filter((arg) => !arg.startsWith("--"));
  const unknown = [...flags].find((flag) => !options.includes(flag));
  if (files.length !== 1 || unknown) {
    const usage = `Usage: npm run shop -- ${command} <file>${options.map((option) => ` [${option}]`).join("")}`;
    throw new CommandUsageError(unknown ? `Unknown option ${unknown}.\n${usage}` : usage);
  }
  return { file: path.resolve(files[0]), flags };
}

async function countShop(db: Database): Promise<string> {
  const result = (await db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from products)::int as products`)) as {
    rows: { orders: number; products: number }[];
  };
  const [{ orders, products }] = result.rows;
  return `${orders} orders, ${products} products`;
}

async function countPictures(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export const backupCommand: OwnerCommand = async (deps, _storeId, args) => {
  const { file } = parse("backup", args);
  if (!deps.database.dumpDataDir) {
    throw new Error(`The shop runs on PostgreSQL: back it up with PostgreSQL's own tool, where DATABASE_URL is set:\n  ${pgDumpLine(file)}\n(docs/deploy.md, Backups).`);
  }
  const counts = await countShop(deps.db);
  await mkdir(path.dirname(file), { recursive: true });
  const staging = await mkdtemp(path.join(os.tmpdir(), "storefront-backup-"));
  // Written beside the file and renamed over it when complete: a backup interrupted half-way never has the file's name.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(path.join(staging, DATABASE_ENTRY), Buffer.from(await (await deps.database.dumpDataDir()).arrayBuffer()));
    const entries = [DATABASE_ENTRY];
    if (existsSync(deps.imagesDir)) {
      // One archive from two folders: the pictures join the dump through a link that tar follows.
      await symlink(deps.imagesDir, path.join(staging, IMAGES_ENTRY));
      entries.push(IMAGES_ENTRY);
    }
    await tar.create({ gzip: true, file: temporary, cwd: staging, follow: true, portable: true }, entries);
    await rename(temporary, file);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(temporary, { force: true });
  }
  const pictures = await countPictures(deps.imagesDir);
  const bucket = deps.config.S3_BUCKET ? ` The pictures in the bucket ${deps.config.S3_BUCKET} are not in it: back the bucket up with its own tools.` : "";
  return `Wrote ${file} (${megabytes((await stat(file)).size)}): ${counts}, ${pictures} pictures.${bucket}`;
};

/** What the running shop answers to `restore`: it cannot replace the database it is serving from. */
export const restoreUnderRunningShop: OwnerCommand = async (deps) => {
  const dataDir = path.dirname(deps.imagesDir);
  throw new Error(
    `The shop is running on ${dataDir}, so a backup cannot be restored into it. Stop the shop first, then restore; ` +
      `or restore into another folder and start the shop there: DATA_DIR=<new folder> npm run shop -- restore <file>`,
  );
};

/** Restores with no shop on DATA_DIR (index.ts runs it without opening the database). */
export async function restoreCommand(config: Config, args: string[]): Promise<string> {
  const { file, flags } = parse("restore", args, ["--force"]);
  if (config.DATABASE_URL) {
    throw new Error(`DATABASE_URL is set: restore a pg_dump backup with PostgreSQL's own tool:\n  ${pgRestoreLine(file)}\n(docs/deploy.md, Backups).`);
  }
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  const dataDir = path.resolve(config.DATA_DIR);
  const dbDir = path.join(dataDir, "db");
  const imagesDir = path.join(dataDir, IMAGES_ENTRY);
  if (existsSync(path.join(dbDir, "PG_VERSION")) && !flags.has("--force")) {
    throw new Error(
      `${dataDir} already has a database. Restore into an empty DATA_DIR, or add --force to replace its database and pictures with the backup's.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  // Unpacked and opened beside the data folder first, so a bad file leaves the folder as it was.
  const staging = await mkdtemp(path.join(dataDir, ".restore-"));
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      filter: (entry) => entry === DATABASE_ENTRY || entry === IMAGES_ENTRY || entry.startsWith(`${IMAGES_ENTRY}/`),
    }).catch((error: Error) => {
      throw new Error(`${file} is not a backup of this shop: ${error.message}`);
    });
    const tarball = path.join(staging, DATABASE_ENTRY);
    if (!existsSync(tarball)) throw new Error(`${file} is not a backup of this shop: it holds no ${DATABASE_ENTRY}.`);
    const restored = await openPgliteFromTarball(path.join(staging, "db"), new Blob([await readFile(tarball)]));
    let counts: string;
    try {
      counts = await countShop(restored.db);
    } finally {
      // Closing also removes the lock file the dump carried from the process that took it.
      await restored.close();
    }
    // Refuses when a process holds the data folder's database (a shop starting, another command).
    const unlock = existsSync(dbDir) ? lockFolder(dbDir) : () => {};
    try {
      await rm(dbDir, { recursive: true, force: true });
      await rename(path.join(staging, "db"), dbDir);
    } finally {
      unlock();
    }
    if (existsSync(path.join(staging, IMAGES_ENTRY))) {
      await rm(imagesDir, { recursive: true, force: true });
      await rename(path.join(staging, IMAGES_ENTRY), imagesDir);
    }
    return `Restored ${file} into ${dataDir}: ${counts}, ${await countPictures(imagesDir)} pictures. Start the shop with DATA_DIR=${dataDir}.`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
