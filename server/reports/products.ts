/**
 * The products report (decision 0064): units and net sales per product and per variant for the orders paid in the
 * range, beside the previous period's; the best and worst sellers by units; and what is low or out of stock now.
 * A line's net sales are its order's (netSalesCentsOf, as paidOrders gives it) in the line's share of the subtotal, so the products' figures
 * add up to the sales report's net sales, give or take a cent of rounding per product.
 */
import { sql } from "drizzle-orm";
import type { Report } from "../../core/reports";
import { rowsOf, type Database } from "../db/client";
import { lowStockVariants } from "../orders/dashboard";
import { paidOrders } from "../orders/revenue";
import type { Periods, ReportPeriod } from "./period";
import { chartOf, reportDays } from "./shape";

const SELLERS = 5;
const CHARTED = 10;
/** The low-stock table lists the emptiest variants first, up to this many. */
const STOCK_ROWS = 100;

type Sold = { product: string; title: string; variant: string; options: string; units: number; netCents: number };

/**
 * Each variant's (a bundle is its own) units and net sales in `periods`. The lines are summed by their own columns
 * first, which the planner counts (the extended statistics order_lines_product_stats) and hashes, and only those few sums by the
 * product and variant they name: grouped by the names directly, a year of a large shop's lines were sorted on disk.
 */
async function soldIn(db: Database, storeId: string, periods: Periods): Promise<Sold[]> {
  const rows = await rowsOf<{ product: string; title: string; variant: string; options: string | null; units: string; net: string | null }>(db, sql`
    select coalesce(g.product_handle, 'bundle-' || g.bundle_id, g.title) as product, min(g.title) as title,
      coalesce(g.sku, g.title) as variant, min(g.options) as options, sum(g.units) as units, round(sum(g.net)) as net
    from (
      select l.product_handle, l.bundle_id, l.sku, l.title, min(l.attributes::text) as options, sum(l.quantity) as units,
        sum(o.net::numeric * l.line_total_cents / nullif(o.subtotal_cents, 0)) as net
      from order_lines l join ${paidOrders(storeId, periods.starts[0], periods.end)} o on o.id = l.order_id
      group by l.product_handle, l.bundle_id, l.sku, l.title
    ) g
    group by 1, 3`);
  return rows.map((row) => ({
    product: row.product,
    title: row.title,
    variant: row.variant,
    options: row.options ? Object.values(JSON.parse(row.options) as Record<string, string>).join(" / ") : "",
    units: Number(row.units),
    netCents: Number(row.net ?? 0),
  }));
}

type ProductSales = { title: string; units: number; netCents: number; previousUnits: number; previousNetCents: number };

function byProduct(now: Sold[], before: Sold[]): ProductSales[] {
  const products = new Map<string, ProductSales>();
  const add = (sold: Sold, previous: boolean) => {
    const product = products.get(sold.product) ?? { title: sold.title, units: 0, netCents: 0, previousUnits: 0, previousNetCents: 0 };
    if (previous) {
      product.previousUnits += sold.units;
      product.previousNetCents += sold.netCents;
    } else {
      product.units += sold.units;
      product.netCents += sold.netCents;
    }
    products.set(sold.product, product);
  };
  now.forEach((sold) => add(sold, false));
  before.forEach((sold) => add(sold, true));
  return [...products.values()].sort((a, b) => b.netCents - a.netCents || b.units - a.units || a.title.localeCompare(b.title));
}

const sum = (rows: readonly Sold[], key: "units" | "netCents") => rows.reduce((total, row) => total + row[key], 0);

export async function productsReport(db: Database, storeId: string, period: ReportPeriod): Promise<Report> {
  const [now, before, stock] = await Promise.all([
    soldIn(db, storeId, period.current),
    soldIn(db, storeId, period.previous),
    lowStockVariants(db, storeId, STOCK_ROWS),
  ]);
  const products = byProduct(now, before);
  const sold = products.filter((product) => product.units > 0);
  const byUnits = [...sold].sort((a, b) => b.units - a.units || b.netCents - a.netCents || a.title.localeCompare(b.title));
  const bars = sold.slice(0, CHARTED).map((product) => ({ label: product.title, value: product.netCents }));
  const chartTitle = `Net sales of the ${Math.min(CHARTED, sold.length)} best-selling products`;
  const sellers = (rows: ProductSales[]) => rows.map((product) => [product.title, product.units, product.netCents]);
  const sellerColumns = [
    { label: "Product", kind: "text" as const },
    { label: "Units", kind: "count" as const },
    { label: "Net sales", kind: "money" as const },
  ];
  return {
    name: "products",
    title: "Products",
    ...reportDays(period),
    figures: [
      { label: "Units sold", kind: "count", current: sum(now, "units"), previous: sum(before, "units") },
      { label: "Net sales", kind: "money", current: sum(now, "netCents"), previous: sum(before, "netCents") },
      { label: "Products sold", kind: "count", current: sold.length, previous: products.filter((product) => product.previousUnits > 0).length },
    ],
    chart: chartOf(chartTitle, "money", bars),
    tables: [
      { title: "Best sellers", columns: sellerColumns, rows: sellers(byUnits.slice(0, SELLERS)) },
      { title: "Worst sellers", columns: sellerColumns, rows: sellers(byUnits.slice(-SELLERS).reverse()) },
      {
        title: "By product",
        columns: [...sellerColumns, { label: "Units, previous period", kind: "count" }, { label: "Net sales, previous period", kind: "money" }],
        rows: products.map((product) => [product.title, product.units, product.netCents, product.previousUnits, product.previousNetCents]),
      },
      {
        title: "By variant",
        columns: [{ label: "SKU", kind: "text" }, { label: "Product", kind: "text" }, { label: "Options", kind: "text" }, { label: "Units", kind: "count" }, { label: "Net sales", kind: "money" }],
        rows: now.sort((a, b) => b.netCents - a.netCents || a.variant.localeCompare(b.variant)).map((row) => [row.variant, row.title, row.options, row.units, row.netCents]),
      },
      {
        title: "Low or out of stock",
        columns: [{ label: "SKU", kind: "text" }, { label: "Product", kind: "text" }, { label: "Options", kind: "text" }, { label: "In stock", kind: "count" }],
        rows: stock.map((variant) => [variant.sku, variant.productTitle, Object.values(variant.attributes).join(" / "), variant.stock]),
      },
    ],
  };
}
