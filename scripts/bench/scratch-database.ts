import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs `work` against a PostgreSQL database created for it and dropped afterwards. */
export async function withScratchDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `storefront_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
