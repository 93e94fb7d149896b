/**
 * The owner's reading of the shop's real speed (decision 0036): what shoppers' browsers measured over 28 days, at the
 * 75th percentile per page type against Google's thresholds, and by day. Every rating is spelled out, never colour
 * alone, and each daily chart has its numbers in a table.
 */
import { useId } from "react";
import { rateWebVital, WEB_VITAL_THRESHOLDS, WEB_VITALS, type PageType, type Rating, type WebVital } from "@core/page-speed";
import type { PageSpeedReport as Report } from "@core/schemas/page-speed";

const VITAL_NAMES: Record<WebVital, { short: string; long: string }> = {
  lcp: { short: "LCP", long: "Largest Contentful Paint" },
  inp: { short: "INP", long: "Interaction to Next Paint" },
  cls: { short: "CLS", long: "Cumulative Layout Shift" },
  ttfb: { short: "TTFB", long: "Time to First Byte" },
};

const PAGE_TYPE_NAMES: Record<PageType, string> = {
  home: "Home",
  listing: "Listing",
  product: "Product",
  bundle: "Bundle",
  checkout: "Checkout",
  content: "Content",
  other: "Other",
};

const RATING_NAMES: Record<Rating, string> = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" };

const RATING_BADGE: Record<Rating, string> = {
  good: "bg-green-50 text-green-900",
  "needs-improvement": "bg-amber-50 text-amber-900",
  poor: "bg-red-50 text-red-900",
};

const RATING_FILL: Record<Rating, string> = {
  good: "text-green-700",
  "needs-improvement": "text-amber-600",
  poor: "text-red-700",
};

/** As Google's own reports show them: LCP and TTFB in seconds, INP in milliseconds, CLS unitless. */
function formatVital(vital: WebVital, value: number): string {
  if (vital === "cls") return value.toFixed(2);
  if (vital === "inp") return `${value} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

function RatingBadge({ rating }: { rating: Rating }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${RATING_BADGE[rating]}`}>{RATING_NAMES[rating]}</span>;
}

const thresholdsText = (vital: WebVital) => {
  const [good, poor] = WEB_VITAL_THRESHOLDS[vital];
  return `good up to ${formatVital(vital, good)}, poor above ${formatVital(vital, poor)}`;
};

const CHART_HEIGHT = 100;
const SLOT = 24;
const DAY_MS = 86_400_000;

/** One figure's daily p75 as bars coloured by rating, each at its day of the window, with Google's two thresholds across. */
function TrendChart({ vital, report }: { vital: WebVital; report: Report }) {
  const titleId = useId();
  const days = report.trend.filter((day) => day[vital] !== null);
  const [good, poor] = WEB_VITAL_THRESHOLDS[vital];
  const top = Math.max(poor * 1.25, ...days.map((day) => day[vital]!));
  const y = (value: number) => CHART_HEIGHT - (value / top) * CHART_HEIGHT;
  const firstDay = Date.parse(report.from);
  const slot = (day: string) => Math.round((Date.parse(day) - firstDay) / DAY_MS);
  const width = (report.days + 1) * SLOT;
  const latest = days.at(-1);
  const summary = latest
    ? `${VITAL_NAMES[vital].short} by day over ${days.length} days; latest ${formatVital(vital, latest[vital]!)} on ${latest.day}, ${RATING_NAMES[rateWebVital(vital, latest[vital]!)].toLowerCase()}`
    : `${VITAL_NAMES[vital].short}: no figures yet`;
  return (
    <figure className="rounded border border-black/10 p-3">
      <figcaption className="mb-2 text-sm font-semibold">
        {VITAL_NAMES[vital].short} <span className="font-normal">({VITAL_NAMES[vital].long})</span>
      </figcaption>
      <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${CHART_HEIGHT}`} preserveAspectRatio="none" className="h-24 w-full">
        <title id={titleId}>{summary}</title>
        {days.map((day) => {
          const value = day[vital]!;
          // A zero (no layout shift at all) is a figure too: it shows as a sliver.
          const height = Math.max(CHART_HEIGHT - y(value), 1);
          return (
            <rect
              key={day.day}
              x={slot(day.day) * SLOT + 3}
              y={CHART_HEIGHT - height}
              width={SLOT - 6}
              height={height}
              fill="currentColor"
              className={RATING_FILL[rateWebVital(vital, value)]}
            />
          );
        })}
        {[good, poor].map((threshold) => (
          <line
            key={threshold}
            x1={0}
            x2={width}
            y1={y(threshold)}
            y2={y(threshold)}
            stroke="currentColor"
            strokeDasharray="4 3"
            vectorEffect="non-scaling-stroke"
            className="text-black/50"
          />
        ))}
      </svg>
      <p className="mt-1 text-xs">
        {report.days} days to today. Dashed lines: {thresholdsText(vital)}.
      </p>
    </figure>
  );
}

export function PageSpeedReport({ report }: { report: Report }) {
  const headingId = useId();
  const tableId = useId();
  const measured = report.pages.some((page) => page.loads > 0);
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg bg-card p-6 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold">
        Shoppers' speed
      </h2>
      <p className="mt-2 text-sm">
        What shoppers' own browsers measured over the last {report.days} days (since {report.from}, days in {report.time_zone}): the
        75th percentile, so three page loads in four were at least this fast, rated against Google's thresholds.
        Visitors asking not to be tracked are not measured.
      </p>
      {!measured ? (
        <p className="mt-4">No page loads measured yet.</p>
      ) : (
        <>
          {/* A phone scrolls the wide tables sideways, by keyboard too: each region takes focus (axe's
              scrollable-region-focusable; the cells hold nothing focusable to scroll it with). Relative, so the
              cells' screen-reader text scrolls with them instead of widening the page. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the focus is for scrolling */}
          <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={tableId}>
            <table className="w-full border-collapse text-left text-sm">
              <caption id={tableId} className="sr-only">
                75th percentile per page type, last {report.days} days
              </caption>
              <thead>
                <tr className="border-b border-black/20">
                  <th scope="col" className="py-2 pr-3">Page type</th>
                  <th scope="col" className="py-2 pr-3 text-right">Loads</th>
                  {WEB_VITALS.map((vital) => (
                    <th key={vital} scope="col" className="py-2 pr-3">
                      <abbr title={VITAL_NAMES[vital].long} className="no-underline">
                        {VITAL_NAMES[vital].short}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.pages.map((page) => (
                  <tr key={page.type} className="border-b border-black/10">
                    <th scope="row" className="py-2 pr-3 font-normal">{PAGE_TYPE_NAMES[page.type]}</th>
                    <td className="py-2 pr-3 text-right tabular-nums">{page.loads}</td>
                    {WEB_VITALS.map((vital) => {
                      const { p75, rating } = page[vital];
                      return (
                        <td key={vital} className="py-2 pr-3">
                          {p75 === null || rating === null ? (
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="sr-only">no figures</span>
                            </>
                          ) : (
                            <>
                              <span className="block tabular-nums whitespace-nowrap">{formatVital(vital, p75)}</span> <RatingBadge rating={rating} />
                            </>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-xs">
            Listing: search and the shop. Content: blog, pages and contact. Other: account, sign-in and the rest. A page
            load counts for the page it began on.
          </p>

          <h3 className="mt-6 mb-3 font-semibold">By day, every page type</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            {WEB_VITALS.map((vital) => (
              <TrendChart key={vital} vital={vital} report={report} />
            ))}
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer">Speed by day</summary>
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the focus is for scrolling, as above */}
            <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Speed by day">
              <table className="mt-2 text-left">
                <thead>
                  <tr>
                    <th scope="col" className="pr-6">Day</th>
                    <th scope="col" className="pr-6">Page loads</th>
                    {WEB_VITALS.map((vital) => (
                      <th key={vital} scope="col" className="pr-6">{VITAL_NAMES[vital].short}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.trend.map((day) => (
                    <tr key={day.day}>
                      <th scope="row" className="pr-6 font-normal">{day.day}</th>
                      <td className="pr-6 tabular-nums">{day.loads}</td>
                      {WEB_VITALS.map((vital) => {
                        const value = day[vital];
                        return (
                          <td key={vital} className="pr-6 whitespace-nowrap tabular-nums">
                            {value === null ? "—" : `${formatVital(vital, value)} (${RATING_NAMES[rateWebVital(vital, value)].toLowerCase()})`}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
