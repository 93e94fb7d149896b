/**
 * `npm run shop -- images migrate`: copies the pictures of the data folder into the bucket the shop is configured
 * with (S3_BUCKET), leaving those already there, so a shop can move to object storage without stopping.
 */
import type { AppDeps } from "../context";
import { copyImagesIntoStorage } from "../images/copy-images";
import { CommandUsageError } from "./usage-error";

export async function imagesCommand(deps: AppDeps, _storeId: string, args: string[]): Promise<string> {
  if (args[0] !== "migrate" || args.length > 1) throw new CommandUsageError("Usage: npm run shop -- images migrate");
  if (!deps.config.S3_BUCKET) {
    throw new Error("No bucket is configured: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) first.");
  }
  const { copied, skipped } = await copyImagesIntoStorage(deps.imagesDir, deps.imageStorage);
  return `Copied ${copied} pictures into the bucket ${deps.config.S3_BUCKET}; ${skipped} were there already.`;
}
