/**
 * Small charts for the owner's report, readable without the picture: ranked bars are a table whose bar cell is
 * decoration, and the daily chart is an SVG image described by its title, with the same numbers in a table.
 */
import { useId } from "react";

/** A ranked row; `path`, where there is one, is the address the named page or product is at. */
export type Bar = { label: string; count: number; path?: string };

export function BarTable({ caption, rows, unit, empty = "No data yet." }: { caption: string; rows: Bar[]; unit: string; empty?: string }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section className="rounded-lg bg-card p-6 shadow-sm">
      <h2 className="mb-4 text-xl font-semibold">{caption}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Share</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.path ?? row.label}>
                <th scope="row" className="w-2/5 break-all py-1 pr-3 font-normal">
                  {row.label}
                  {row.path && row.path !== row.label ? <span className="block text-xs">{row.path}</span> : null}
                </th>
                <td className="w-1/2 py-1" aria-hidden="true">
                  <div className="h-4 rounded bg-primary" style={{ width: `${(row.count / max) * 100}%` }} />
                </td>
                <td className="py-1 pl-3 text-right tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const CHART_HEIGHT = 120;

export function DailyChart({ title, days }: { title: string; days: { day: string; sessions: number }[] }) {
  const titleId = useId();
  const max = Math.max(1, ...days.map((day) => day.sessions));
  const total = days.reduce((sum, day) => sum + day.sessions, 0);
  const slot = 24;
  const width = Math.max(days.length * slot, slot);
  return (
    <section className="rounded-lg bg-card p-6 shadow-sm">
      <h2 className="mb-4 text-xl font-semibold">{title}</h2>
      {days.length === 0 ? (
        <p>No sessions yet.</p>
      ) : (
        <>
          <svg
            role="img"
            aria-labelledby={titleId}
            viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            className="h-32 w-full text-primary"
          >
            <title id={titleId}>{`${total} sessions over ${days.length} days, at most ${max} in one day`}</title>
            {days.map((day, index) => {
              const height = (day.sessions / max) * (CHART_HEIGHT - 4);
              return (
                <rect
                  key={day.day}
                  x={index * slot + 3}
                  y={CHART_HEIGHT - height}
                  width={slot - 6}
                  height={height}
                  fill="currentColor"
                />
              );
            })}
          </svg>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer">Sessions by day</summary>
            <table className="mt-2 text-left">
              <thead>
                <tr>
                  <th scope="col" className="pr-6">Day</th>
                  <th scope="col">Sessions</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <td className="pr-6">{day.day}</td>
                    <td className="tabular-nums">{day.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
