/**
 * The periods the owner's figures offer (docs/product.md#sales-figures): whole UTC days, the
 * last one today, and how a figure moved from the period before, in the admin's Italian.
 */
import type { SalesPeriod } from '@/lib/commerce/api/sales';

export const PERIOD_PRESETS = {
  last7: 'Ultimi 7 giorni',
  last30: 'Ultimi 30 giorni',
  thisMonth: 'Questo mese',
  lastMonth: 'Mese scorso',
  last365: 'Ultimi 12 mesi',
} as const;

export type PeriodPreset = keyof typeof PERIOD_PRESETS;

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days of a preset, counted back from `now`. */
export function periodOf(preset: PeriodPreset, now = Date.now()): SalesPeriod {
  const today = dayOf(now);
  const back = (days: number) => ({ from: dayOf(now - (days - 1) * DAY_MS), to: today });
  switch (preset) {
    case 'last7':
      return back(7);
    case 'last30':
      return back(30);
    case 'last365':
      return back(365);
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = Date.parse(`${today.slice(0, 8)}01T00:00:00Z`) - DAY_MS;
      return { from: `${dayOf(lastDay).slice(0, 8)}01`, to: dayOf(lastDay) };
    }
  }
}

/** '12 nov 2026' for a `YYYY-MM-DD` day, as the admin pages write dates. */
export function dayLabel(day: string, { year = true } = {}): string {
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** '1 nov 2026 – 15 nov 2026'. */
export const periodLabel = ({ from, to }: SalesPeriod) =>
  from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`;

/** How a figure moved from the period before, in words a screen reader reads as they are. */
export function changeText(current: number, previous: number): string {
  if (current === previous) return 'invariato rispetto al periodo precedente';
  if (previous === 0) return 'nessun dato nel periodo precedente';
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return 'quasi invariato rispetto al periodo precedente';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% rispetto al periodo precedente`;
}

/** A share as a percentage with one decimal at most: 0.6667 is '66,7%'. */
export const percentText = (share: number) =>
  `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(share * 100)}%`;

/** Whether `from`..`to` is a period the figures can be asked for, or what is wrong with it. */
export function periodProblem({ from, to }: SalesPeriod): string | null {
  const isDay = (day: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(day) && dayOf(Date.parse(`${day}T00:00:00Z`) || 0) === day;
  if (!isDay(from) || !isDay(to)) return 'Scegli due date valide.';
  if (from > to) return 'La data di fine è prima di quella di inizio.';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > 366)
    return 'Scegli un periodo di al massimo 366 giorni.';
  return null;
}
