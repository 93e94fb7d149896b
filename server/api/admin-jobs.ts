/**
 * Background jobs that used up their retries (permission `settings`): what the owner needs to see that something
 * keeps failing, read from the job queue (server/jobs/queue.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { failedJobsSchema } from "../../core/schemas/admin-jobs";
import type { AppEnv } from "../context";
import { listFailedJobs } from "../jobs/queue";
import { adminOperation, iso } from "./admin-operation";
import { json, register } from "./operation";

const failedJobsOperation = adminOperation("settings", {
  method: "get",
  path: "/jobs/failed",
  tags: ["admin"],
  summary: "Background jobs that failed after every retry, newest first (at most 50): name, last error, attempts",
  responses: { 200: json(failedJobsSchema, "The failed jobs") },
});

export function adminJobsRoutes() {
  const routes = new OpenAPIHono<AppEnv>();
  register(routes, failedJobsOperation, async (c) => {
    const jobs = await listFailedJobs(c.var.deps.db);
    return c.json({ jobs: jobs.map((job) => ({ id: job.id, name: job.name, error: job.error, attempts: job.attempts, failed_at: iso(job.failedAt) })) });
  });
  return routes;
}
