/** Payload of the admin API's field speed report (/api/admin/analytics/page-speed), the same as the owner's screen reads. */
import { z } from "zod";
import { PAGE_TYPES, RATINGS } from "../page-speed";

const figure = (what: string) =>
  z.object({
    p75: z.number().nullable().describe(`75th percentile of ${what}; null when no page load reported it`),
    rating: z.enum(RATINGS).nullable().describe("The p75 against Google's thresholds"),
    samples: z.number().int().describe("Page loads that reported it"),
  });

const trendValue = (what: string) => z.number().nullable().describe(`That day's 75th percentile of ${what}, every page type`);

export const pageSpeedReportSchema = z.object({
  days: z.number().int().describe("The window: 28 days, as Google's own field data"),
  since: z.string().describe("Start of the window (ISO 8601): the shop's midnight beginning its first day"),
  from: z.string().describe("The window's first day, YYYY-MM-DD, in the shop's time zone"),
  time_zone: z.string().describe("The shop's time zone its days are counted in"),
  pages: z.array(
    z.object({
      type: z.enum(PAGE_TYPES).describe("listing: search and the shop; content: blog, pages and contact; other: account, sign-in and the rest"),
      loads: z.number().int().describe("Page loads that reported any figure"),
      lcp: figure("Largest Contentful Paint, ms"),
      inp: figure("Interaction to Next Paint, ms"),
      cls: figure("Cumulative Layout Shift (unitless)"),
      ttfb: figure("Time to First Byte, ms"),
    }),
  ),
  trend: z.array(
    z.object({
      day: z.string().describe("The shop's day, YYYY-MM-DD, in time_zone"),
      loads: z.number().int(),
      lcp: trendValue("LCP, ms"),
      inp: trendValue("INP, ms"),
      cls: trendValue("CLS"),
      ttfb: trendValue("TTFB, ms"),
    }),
  ),
});
export type PageSpeedReport = z.infer<typeof pageSpeedReportSchema>;
