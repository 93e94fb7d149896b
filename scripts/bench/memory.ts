/**
 * Whether a shop fits a 512 MB server: the peak resident memory (VmHWM) of the shop process, as `npm start` runs it
 * on the embedded database, through a first start (which seeds the demo shop and draws its pictures), a restart, a
 * 5,000-product Shopify import with pictures fetched by URL, four 8-megapixel pictures uploaded at once, and the
 * product export of a catalogue of 150,000 variants (BENCH_EXPORT_VARIANTS). Each in a process of its own, so each
 * peak is that workload's. `npm run bench -- memory` runs it on its own;
 * BENCH_IMPORT_PRODUCTS and BENCH_IMPORT_PICTURES (distinct picture addresses, default 100) size the import.
 */
import { once } from "node:events";
import { rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { ImportAnswer } from "../../core/schemas/admin-imports";
import { openDatabase } from "../../server/db/client";
import { products } from "../../server/db/schema";
import { commandLineActor } from "../../server/audit/audit";
import { createApiToken } from "../../server/staff/tokens";
import { addGeneratedProducts, generatedShopifyExport, seededRandom } from "../../tests/support/generated-catalogue";
import { launch, peakMegabytes, rssMegabytes, serverEnv, type RunningServer } from "./server";

// BENCH_PORT: another bench may be running beside this one on the same machine.
const PORT = Number(process.env.BENCH_PORT ?? 4402);
const STORE_ID = "demo";
const IMPORT_PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 5_000);
/** Distinct picture addresses in the import (product n shows picture n modulo this): each is fetched and encoded. */
const IMPORT_PICTURES = Number(process.env.BENCH_IMPORT_PICTURES ?? 100);
const UPLOADS = 4;
/** Variants in the catalogue the export bench writes out, one product each (issue 38's big shop has 150,000). */
const EXPORT_VARIANTS = Number(process.env.BENCH_EXPORT_VARIANTS ?? 150_000);

export type MemoryFigures = {
  firstStartPeakMb: number;
  /** Resident once the first start answers: what it keeps until a restart. */
  firstStartResidentMb: number;
  restartPeakMb: number;
  importPeakMb: number;
  importSeconds: number;
  uploadsPeakMb: number;
  uploadsSeconds: number;
  exportPeakMb: number;
  exportSeconds: number;
  exportMegabytes: number;
};

/** A picture like a product photograph's, smooth rather than noise, `width` x `height`, as JPEG. */
function photograph(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4efe6"/><stop offset="1" stop-color="#2d6a73"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="45%" r="30%" fill="#7a4a26" opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Answers every request with the same picture: the import's Shopify CDN. */
async function pictureServer(bytes: Buffer): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/jpeg", "content-length": bytes.length });
    response.end(bytes);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

function importCsv(picturesUrl: string): string {
  return generatedShopifyExport(IMPORT_PRODUCTS, seededRandom(41), { paragraphs: 1, picture: (n) => `${picturesUrl}/products/${n % IMPORT_PICTURES}.jpg` });
}

/** A manager's API token and a product to upload to, written while no shop has the embedded database open. */
async function managerAccess(dataDir: string): Promise<{ headers: Record<string, string>; productId: number }> {
  const database = await openDatabase(path.join(dataDir, "db"));
  try {
    const { secret } = await createApiToken(database.db, commandLineActor(STORE_ID), { name: "memory bench", role: "manager" });
    const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.handle, "house-blend"));
    return { headers: { authorization: `Bearer ${secret}` }, productId: product.id };
  } finally {
    await database.close();
  }
}

async function importWithPictures(server: RunningServer, headers: Record<string, string>, picturesUrl: string) {
  const queued = await fetch(`${server.url}/api/admin/products/import?dry_run=false`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body: importCsv(picturesUrl),
  });
  if (queued.status !== 202) throw new Error(`the import was refused: ${queued.status} ${await queued.text()}`);
  const location = queued.headers.get("location")!;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    // On the embedded database the import's one transaction holds the only connection: a poll may wait or fail.
    const answer = await fetch(`${server.url}${location}`, { headers, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    if (!answer?.ok) continue;
    const { import: job } = (await answer.json()) as ImportAnswer;
    if (job.status === "failed" || (job.status === "succeeded" && !job.summary?.applied)) throw new Error(`the import failed: ${JSON.stringify(job.problems.slice(0, 3))}`);
    if (job.status === "succeeded") {
      if (job.summary?.pictures_failed) throw new Error(`${job.summary.pictures_failed} pictures were not imported: ${JSON.stringify(job.summary.notices.slice(0, 3))}`);
      return;
    }
  }
}

/** Adds the export's catalogue, written while no shop has the embedded database open. */
async function addExportCatalogue(dataDir: string): Promise<void> {
  const database = await openDatabase(path.join(dataDir, "db"));
  try {
    await addGeneratedProducts(database.db, STORE_ID, EXPORT_VARIANTS, seededRandom(43));
  } finally {
    await database.close();
  }
}

/** Downloads the product export, reading it as it arrives; answers its size in bytes. */
async function downloadExport(server: RunningServer, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${server.url}/api/admin/products/export`, { headers });
  if (!response.ok || !response.body) throw new Error(`the export was refused: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return bytes;
}

async function uploadAtOnce(server: RunningServer, headers: Record<string, string>, productId: number, picture: Buffer) {
  await Promise.all(
    Array.from({ length: UPLOADS }, async (_, n) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), `photo-${n}.jpg`);
      form.append("alt_text", `Photograph ${n}`);
      const response = await fetch(`${server.url}/api/admin/products/${productId}/pictures`, { method: "POST", headers, body: form });
      if (!response.ok) throw new Error(`an upload was refused: ${response.status} ${await response.text()}`);
    }),
  );
}

/** Runs `work` against a shop started for it; answers its peak and the seconds the work took. */
async function measured(env: NodeJS.ProcessEnv, work: (server: RunningServer) => Promise<void>): Promise<{ peakMb: number; seconds: number }> {
  const server = await launch(PORT, env);
  try {
    const started = performance.now();
    await work(server).catch((error: unknown) => {
      const { exitCode, signalCode } = server.process;
      throw exitCode === null && signalCode === null ? error : new Error(`the shop stopped (${signalCode ?? exitCode}) during the work`);
    });
    return { peakMb: peakMegabytes(server.process.pid!), seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await server.stop();
  }
}

export async function benchMemory(): Promise<MemoryFigures> {
  const dataDir = path.resolve("bench-results/data-memory");
  const env = { ...serverEnv({ port: PORT, dataDir }), IMPORT_ALLOW_PRIVATE_URLS: "true" };
  await rm(dataDir, { recursive: true, force: true });

  const first = await launch(PORT, env);
  const firstStartPeakMb = peakMegabytes(first.process.pid!);
  const firstStartResidentMb = rssMegabytes(first.process.pid!);
  await first.stop();
  console.log(`memory: first start peak ${firstStartPeakMb} MB, ${firstStartResidentMb} MB kept`);
  const { headers, productId } = await managerAccess(dataDir);

  const restart = await measured(env, async () => {});
  console.log(`memory: restart peak ${restart.peakMb} MB`);
  const pictures = await pictureServer(await photograph(1600, 1200));
  try {
    const imported = await measured(env, (server) => importWithPictures(server, headers, pictures.url));
    console.log(`memory: import peak ${imported.peakMb} MB`);
    // 3264 x 2448: an 8-megapixel camera's picture.
    const eightMegapixels = await photograph(3264, 2448);
    const uploads = await measured(env, (server) => uploadAtOnce(server, headers, productId, eightMegapixels));
    console.log(`memory: uploads peak ${uploads.peakMb} MB`);
    await addExportCatalogue(dataDir);
    let exportBytes = 0;
    const exported = await measured(env, async (server) => void (exportBytes = await downloadExport(server, headers)));
    return {
      firstStartPeakMb,
      firstStartResidentMb,
      restartPeakMb: restart.peakMb,
      importPeakMb: imported.peakMb,
      importSeconds: imported.seconds,
      uploadsPeakMb: uploads.peakMb,
      uploadsSeconds: uploads.seconds,
      exportPeakMb: exported.peakMb,
      exportSeconds: exported.seconds,
      exportMegabytes: Math.round(exportBytes / 100_000) / 10,
    };
  } finally {
    pictures.close();
  }
}

export function printMemory(figures: MemoryFigures) {
  console.log(
    `\n## peak resident memory (VmHWM) of the shop on PGlite: first start, restart, ${IMPORT_PRODUCTS.toLocaleString("en")}-product import ` +
      `with ${IMPORT_PICTURES} pictures, ${UPLOADS} 8-megapixel uploads at once, the product export of ` +
      `${EXPORT_VARIANTS.toLocaleString("en")} variants (goal: each at most 400 MB)`,
  );
  console.table([
    {
      "first start MB": figures.firstStartPeakMb,
      "kept after it MB": figures.firstStartResidentMb,
      "restart MB": figures.restartPeakMb,
      "import MB": figures.importPeakMb,
      "import s": figures.importSeconds,
      "uploads MB": figures.uploadsPeakMb,
      "uploads s": figures.uploadsSeconds,
      "export MB": figures.exportPeakMb,
      "export s": figures.exportSeconds,
      "export file MB": figures.exportMegabytes,
    },
  ]);
}
