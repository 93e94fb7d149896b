/**
 * A local S3-compatible server (s3rver) with one empty bucket, as the Stripe tests have their fake Stripe: the shop's
 * bucket storage speaks to it through the real AWS SDK. `env` is what an owner would set.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type LocalS3 = { env: Record<string, string>; close(): Promise<void> };

export async function startLocalS3(bucket = "shop-pictures"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    // s3rver's one account.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
