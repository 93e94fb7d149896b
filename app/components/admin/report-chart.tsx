/**
 * A report's chart (decision 0064): bars drawn by the server as SVG, no chart library in the browser; a screen reader
 * reads the chart's words, which are also printed under it, and the table holds every value.
 */
import type { ReportChart as Chart } from "@core/reports";

const WIDTH = 640;
const HEIGHT = 200;

export function ReportChart({ chart }: { chart: Chart }) {
  const largest = Math.max(1, ...chart.bars.map((bar) => Math.abs(bar.value)));
  const slot = WIDTH / Math.max(1, chart.bars.length);
  return (
    <figure className="rounded-lg bg-card p-4 shadow-sm sm:p-6">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-48 w-full" role="img" aria-label={chart.description} preserveAspectRatio="none">
        {chart.bars.map((bar, index) => {
          const height = (Math.max(0, bar.value) / largest) * (HEIGHT - 4);
          return <rect key={bar.label} x={index * slot + slot * 0.1} y={HEIGHT - height} width={slot * 0.8} height={height} className="fill-current text-black/70" />;
        })}
      </svg>
      <figcaption className="mt-2 text-sm">{chart.description}</figcaption>
    </figure>
  );
}
