'use client';
/**
 * One chart of the owner's figures, drawn by Chart.js (docs/adr/0034-sales-dashboard.md), which
 * this module alone imports so that only the admin pages that show a chart load it. The canvas
 * is an image with a description; the numbers themselves are in the table beside it.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface SalesChartProps {
  type: 'line' | 'bar';
  /** Bars along the y axis, so long names stay readable on a phone. */
  horizontal?: boolean;
  labels: string[];
  values: number[];
  seriesLabel: string;
  format: (value: number) => string;
  /** What the chart shows, for those who cannot see it. */
  description: string;
}

const EMERALD = '#047857';

export default function SalesChart({
  type,
  horizontal = false,
  labels,
  values,
  seriesLabel,
  format,
  description,
}: SalesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const valueAxis = horizontal ? 'x' : 'y';
    const chart = new Chart(canvas.current, {
      type,
      data: {
        labels,
        datasets: [
          {
            label: seriesLabel,
            data: values,
            backgroundColor: type === 'bar' ? EMERALD : 'rgba(4, 120, 87, 0.15)',
            borderColor: EMERALD,
            borderWidth: 2,
            pointRadius: values.length > 60 ? 0 : 3,
          },
        ],
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: { label: (item) => `${seriesLabel}: ${format(Number(item.raw))}` },
          },
        },
        scales: {
          [valueAxis]: {
            beginAtZero: true,
            ticks: {
              callback: (value: number | string) => format(Number(value)),
              maxTicksLimit: 6,
            },
          },
          [horizontal ? 'y' : 'x']: { ticks: { autoSkip: true, maxRotation: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [type, horizontal, labels, values, seriesLabel, format]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
