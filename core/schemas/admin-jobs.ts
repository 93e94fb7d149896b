/** Payload of the admin API's failed background jobs (/api/admin/jobs/failed). */
import { z } from "zod";

export const failedJobsSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      name: z.string().describe("The job: orders-sweep, mail-retries, analytics-retention, catalogue-import or cart-reminders"),
      error: z.string().describe("The error of its last attempt"),
      attempts: z.number().int().describe("How often it ran: the first run and every retry"),
      failed_at: z.string().describe("When its last attempt failed (ISO 8601)"),
    }),
  ),
});
