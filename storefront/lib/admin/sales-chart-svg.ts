import 'server-only';
/**
 * The owner's charts drawn on the server (docs/adr/0038-overview-drawn-on-the-server.md): Apache
 * ECharts renders each chart to an SVG string, so the overview reaches the phone as a finished
 * picture and no chart code runs in the browser. Each chart is drawn twice, for a phone's width
 * and for a wide screen, so its lettering stays readable on both; the page shows one of them.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, SVGRenderer]);

export interface SalesChart {
  type: 'line' | 'bar';
  /** Bars along the y axis, so long names stay readable on a phone. */
  horizontal?: boolean;
  labels: string[];
  values: number[];
  /** How the amounts' axis writes a value: short, so the ticks fit a phone ('$12K'). */
  tick: (value: number) => string;
}

/** The two drawings of one chart, as SVG markup ECharts has escaped. */
export interface ChartDrawings {
  narrow: string;
  wide: string;
}

const INHERITED = Object.getOwnPropertyNames(Object.prototype);

/**
 * A product's name as ECharts may safely measure it. zrender keeps the widths of the lettering it
 * has measured in a plain object keyed by the text, and it measures the beginnings of a name it
 * cuts to fit as well as each of its lines: a name beginning with the name of one of Object's own
 * properties ('__proto__', 'constructor', 'toString') made it write its cache's bookkeeping into
 * Object.prototype, for every object in the process and every chart after it. So a name is one
 * line, and when one of its beginnings is such a name, an invisible zero-width space after its
 * first letter makes every beginning longer than that letter a different word.
 */
export function measurableLabel(label: string): string {
  const line = label.replace(/\s+/g, ' ');
  return INHERITED.some((name) => line.startsWith(name))
    ? `${line[0]}\u200b${line.slice(1)}`
    : line;
}

const EMERALD = '#047857';
const INK = '#334155';
const SIZES = { narrow: { width: 340, height: 260 }, wide: { width: 900, height: 280 } };

function draw(chart: SalesChart, { width, height }: { width: number; height: number }): string {
  const { type, horizontal = false, labels, values, tick } = chart;
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    // Across the chart the days, top to bottom the products (names cut to fit; the table has them).
    const categories = {
      type: 'category' as const,
      data: labels.map(measurableLabel),
      inverse: horizontal,
      axisLabel: horizontal
        ? { color: INK, width: 110, overflow: 'truncate' as const }
        : { color: INK, hideOverlap: true },
    };
    const amounts = {
      type: 'value' as const,
      axisLabel: { color: INK, hideOverlap: true, formatter: (value: number) => tick(value) },
      splitNumber: 4,
    };
    instance.setOption({
      animation: false,
      color: [EMERALD],
      textStyle: { fontFamily: 'system-ui, sans-serif', fontSize: 12 },
      // ECharts measures lettering by its own table of widths (no canvas on the server), a little
      // short of the browser's fonts: the products' names, cut at 110, get a fixed 140 to the left.
      grid: horizontal
        ? { left: 140, right: 24, top: 12, bottom: 28, outerBoundsMode: 'none' as const }
        : { left: 8, right: 24, top: 12, bottom: 8 },
      xAxis: horizontal ? amounts : categories,
      yAxis: horizontal ? categories : amounts,
      series: [
        {
          type,
          data: values,
          showSymbol: values.length <= 60,
          ...(type === 'line' ? { areaStyle: { color: 'rgba(4, 120, 87, 0.15)' } } : {}),
        },
      ],
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

export function drawSalesChart(chart: SalesChart): ChartDrawings {
  return { narrow: draw(chart, SIZES.narrow), wide: draw(chart, SIZES.wide) };
}
