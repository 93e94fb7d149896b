/**
 * The tax report's question and answer (decision 0063): a range of the shop's months, and per month and region what
 * was sold taxable and exempt, the shipping taxed, the tax collected and given back, and what is left to file.
 */
import { z } from "zod";
import { storable } from "./storable";

/** How many months one report covers at most: five years of filings. */
export const MAX_REPORT_MONTHS = 60;

const month = (name: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${name} must be a month, such as 2026-03`);

export const taxReportQuerySchema = storable(
  z.object({
    from: month("from").optional().describe("The first month (YYYY-MM, in the shop's time zone); without it, the same as `to`"),
    to: month("to").optional().describe("The last month, included; without it, this month"),
  }),
);
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

const cents = (what: string) => z.number().int().describe(what);

export const taxReportRowSchema = z.object({
  month: z.string().describe("YYYY-MM in the shop's time zone"),
  country: z.string(),
  region: z.string().describe("As the ship-to address gives it: CA, VA"),
  taxable_sales_cents: cents("Goods sold at a rate above 0, after their share of the discount"),
  exempt_sales_cents: cents("Goods sold in the region's exempt class (or at a 0 rate), after their share of the discount"),
  shipping_taxed_cents: cents("Shipping charged on orders whose shipping was taxed"),
  tax_collected_cents: cents("The tax the month's orders charged"),
  tax_returned_cents: cents("The tax the month's refunds, and exchanges' credits, gave back"),
  net_tax_cents: cents("Collected less returned: what to file"),
});

export const taxReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string().describe("The shop's time zone the months are counted in"),
    rows: z.array(taxReportRowSchema).describe("By month, then country and region; a region with nothing to report in a month is left out"),
  })
  .meta({ id: "TaxReport" });
