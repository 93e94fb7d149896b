/** The reports' query and answer (decision 0064): the admin API's, and the screens' range form. */
import { z } from "zod";
import { oneOf } from "./fields";
import { day } from "./admin-orders";
import { REPORT_GROUPINGS } from "../reports";

export const reportQuerySchema = z.object({
  from: day("from").optional().describe("The first day (the shop's time zone); without it, the first of `to`'s month"),
  to: day("to").optional().describe("The last day, included (the shop's time zone); without it, today"),
  group: oneOf("group", REPORT_GROUPINGS).optional().describe("Periods of the tables and chart; without it, days up to a month, weeks up to six, else months"),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const kind = z.enum(["money", "count", "rate"]).describe("money: integer cents; count: whole; rate: a fraction from 0 to 1");

export const reportSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    from: z.string(),
    to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
    group: z.enum(REPORT_GROUPINGS),
    time_zone: z.string(),
    figures: z.array(z.object({ label: z.string(), kind, current: z.number(), previous: z.number().describe("The same figure for the period of as many days just before") })),
    chart: z.object({ title: z.string(), kind, bars: z.array(z.object({ label: z.string(), value: z.number() })), description: z.string() }),
    tables: z.array(
      z.object({
        title: z.string(),
        columns: z.array(z.object({ label: z.string(), kind: z.enum(["money", "count", "rate", "text"]) })),
        rows: z.array(z.array(z.union([z.string(), z.number()]))),
      }),
    ),
  })
  .meta({ id: "Report" });
