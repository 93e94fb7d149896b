/**
 * Background jobs that used up their retries (permission `settings`): what the owner needs to see that something
 * keeps failing, read from the job queue (server/jobs/queue.ts).
 */
import { failedJobsSchema } from "../../core/schemas/admin-jobs";
import { listFailedJobs } from "../jobs/queue";
import { iso, resourceOperations } from "./admin-operation";
import { json, oneOperationRoutes } from "./operation";

const failedJobsOperation = resourceOperations("settings", { path: "/jobs/failed", answer: json(failedJobsSchema, "The failed jobs") }).get({
  summary: "Background jobs that failed after every retry, newest first (at most 50): name, last error, attempts",
});

export function adminJobsRoutes() {
  return oneOperationRoutes(failedJobsOperation, async (c) => {
    const jobs = await listFailedJobs(c.var.deps.db);
    return c.json({ jobs: jobs.map((job) => ({ id: job.id, name: job.name, error: job.error, attempts: job.attempts, failed_at: iso(job.failedAt) })) });
  });
}
