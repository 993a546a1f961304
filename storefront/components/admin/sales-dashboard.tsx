'use client';
/**
 * The owner's figures (docs/product.md#sales-figures, #admin-overview): for a chosen period,
 * beside the one before it, the orders, revenue, buyers, refunds, memberships and the way to
 * payment, revenue by day and by product as charts with their tables, and the period's orders
 * as CSV. The charts' code is loaded with the first chart, on this page only.
 */
import dynamic from 'next/dynamic';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { SalesFigures, SalesSummary } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import { accessDenial, adminFailureMessage } from '@/lib/admin/admin-failure';
import {
  PERIOD_PRESETS,
  changeText,
  dayLabel,
  percentText,
  periodLabel,
  periodOf,
  periodProblem,
  type PeriodPreset,
} from '@/lib/admin/sales-period';
import { fetchSalesSummary, ordersCsvPath, type SalesPeriod } from '@/lib/commerce/api/sales';
import { AccessRefused } from './access-refused';
import { AdminSpinner } from './admin-spinner';
import { takeFiguresAhead } from './overview-head-start';

// In the browser the charts' code is fetched as soon as this code is loaded, beside the session
// check and the figures, not once the figures have come.
if (typeof window !== 'undefined') void import('./sales-chart');

const SalesChart = dynamic(() => import('./sales-chart'), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-64 w-full animate-pulse bg-slate-50" />,
});

type Loaded =
  | { status: 'loading' }
  | { status: 'loaded'; summary: SalesSummary }
  | { status: 'failed'; message: string }
  | { status: 'denied'; code: 401 | 403 };

const counted = (value: number) => new Intl.NumberFormat('it-IT').format(value);

/** One figure with how it moved since the period before. */
function Figure({
  label,
  value,
  previous,
  show,
}: {
  label: string;
  value: number;
  previous: number;
  show: (value: number) => string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{show(value)}</dd>
      <dd className="mt-1 text-xs text-slate-600">
        {changeText(value, previous)} ({show(previous)})
      </dd>
    </div>
  );
}

/** A chart's numbers as a table, folded under it: for screen readers and for reading exactly. */
function FigureTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, ...string[]];
  rows: string[][];
}) {
  return (
    <details className="mt-3 rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-emerald-800">
        Mostra i dati in una tabella
      </summary>
      {/* Scrolled by the keyboard too: it can take the focus. */}
      <div role="region" aria-label={caption} tabIndex={0} className="max-h-80 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {head.map((cell, index) => (
                <th key={cell} scope="col" className={`px-3 py-2 ${index > 0 ? 'text-right' : ''}`}>
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest]) => (
              <tr key={first} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {first}
                </th>
                {rest.map((cell, index) => (
                  <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function DayField({
  label,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /** The period's problem, while there is one. */
  describedBy: string | null;
}) {
  return (
    <label className="text-sm text-slate-700">
      {label}
      <input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy ?? undefined}
        className="mt-1 block rounded-lg border border-slate-300 px-2 py-1.5"
      />
    </label>
  );
}

function PeriodPicker({
  preset,
  period,
  onChoose,
}: {
  preset: PeriodPreset | 'custom';
  period: SalesPeriod;
  onChoose: (preset: PeriodPreset | 'custom', period: SalesPeriod) => void;
}) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const chosen = { from, to };
    const wrong = periodProblem(chosen);
    setProblem(wrong);
    if (!wrong) onChoose('custom', chosen);
  };

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div role="group" aria-label="Periodo" className="flex flex-wrap gap-2">
        {(Object.keys(PERIOD_PRESETS) as PeriodPreset[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={preset === key}
            onClick={() => {
              const chosen = periodOf(key);
              setFrom(chosen.from);
              setTo(chosen.to);
              setProblem(null);
              onChoose(key, chosen);
            }}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ${
              preset === key
                ? 'bg-emerald-700 text-white'
                : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {PERIOD_PRESETS[key]}
          </button>
        ))}
      </div>
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3">
        <DayField label="Dal" value={from} onChange={setFrom} describedBy={problem && problemId} />
        <DayField label="Al" value={to} onChange={setTo} describedBy={problem && problemId} />
        <button
          type="submit"
          className="rounded-lg border border-emerald-700 px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          Mostra il periodo
        </button>
        {problem ? (
          <p id={problemId} role="alert" className="w-full text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}

function Figures({ summary }: { summary: SalesSummary }) {
  const { current, previous, currency } = summary;
  const money = (cents: number) => formatPrice(cents, currency);
  const figure = (
    label: string,
    pick: (figures: SalesFigures) => number,
    show: (value: number) => string = counted,
  ) => (
    <Figure key={label} label={label} value={pick(current)} previous={pick(previous)} show={show} />
  );
  const wholePeriod = summary.byDay.length > 62;
  const dayLabels = summary.byDay.map((day) => dayLabel(day.day, { year: false }));
  const funnelSteps = [
    ['Visite al negozio', current.funnel.shopViews],
    ['Checkout avviati', current.funnel.checkoutsStarted],
    ['Ordini pagati', current.funnel.paid],
  ] as const;

  return (
    <div className="space-y-10">
      <Section title="Vendite">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {figure('Ricavi (al netto di imposte e rimborsi)', (f) => f.revenue, money)}
          {figure('Ordini', (f) => f.orders)}
          {figure('Ordine medio', (f) => f.averageOrder, money)}
          {figure('Imposte', (f) => f.tax, money)}
          {figure('Nuovi clienti', (f) => f.newBuyers)}
          {figure('Ordini di clienti abituali', (f) => f.returningBuyers)}
          {figure('Ordini rimborsati', (f) => f.refunds)}
          {figure('Importo rimborsato', (f) => f.refunded, money)}
          {figure('Contestazioni aperte', (f) => f.disputes)}
          {figure('Importo contestato', (f) => f.disputed, money)}
          {figure('Contestazioni perse', (f) => f.disputesLost)}
        </dl>
      </Section>

      <Section title="Ricavi per giorno">
        <SalesChart
          type={wholePeriod ? 'line' : 'bar'}
          labels={dayLabels}
          values={summary.byDay.map((day) => day.revenue)}
          seriesLabel="Ricavi"
          format={money}
          description={`Ricavi per giorno dal ${dayLabel(summary.period.from)} al ${dayLabel(summary.period.to)}: in tutto ${money(current.revenue)}. I valori sono nella tabella qui sotto.`}
        />
        <FigureTable
          caption="Ordini e ricavi per giorno"
          head={['Giorno', 'Ordini', 'Ricavi']}
          rows={summary.byDay.map((day) => [
            dayLabel(day.day),
            counted(day.orders),
            money(day.revenue),
          ])}
        />
      </Section>

      <Section title="Vendite per prodotto">
        {summary.byProduct.length === 0 ? (
          <p className="text-slate-600">Nessun prodotto venduto nel periodo.</p>
        ) : (
          <>
            <SalesChart
              type="bar"
              horizontal
              labels={summary.byProduct.map((product) => product.name)}
              values={summary.byProduct.map((product) => product.sales)}
              seriesLabel="Vendite"
              format={money}
              description={`Vendite per prodotto: ${summary.byProduct
                .map((product) => `${product.name} ${money(product.sales)}`)
                .join('; ')}.`}
            />
            <FigureTable
              caption="Unità e vendite per prodotto, prima di sconti e imposte"
              head={['Prodotto', 'Unità', 'Vendite']}
              rows={summary.byProduct.map((product) => [
                product.name,
                counted(product.units),
                money(product.sales),
              ])}
            />
          </>
        )}
      </Section>

      <Section title="Membership">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {figure('Membri attivi', (f) => f.members.active)}
          {figure('Nuovi membri', (f) => f.members.started)}
          {figure('Cancellazioni', (f) => f.members.cancelled)}
          {figure('Tasso di abbandono', (f) => f.members.churn, percentText)}
          {figure('Ricavo mensile ricorrente', (f) => f.members.mrr, money)}
        </dl>
      </Section>

      <Section title="Dal negozio al pagamento">
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {funnelSteps.map(([label, value], index) => {
            const before = index > 0 ? (funnelSteps[index - 1]?.[1] ?? 0) : null;
            return (
              <li key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">{label}</p>
                <p className="mt-1 text-2xl font-bold text-slate-900">{counted(value)}</p>
                {before !== null ? (
                  <p className="mt-1 text-xs text-slate-600">
                    {before > 0
                      ? `${percentText(value / before)} del passo precedente`
                      : 'nessun passo precedente nel periodo'}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <p className="text-sm text-slate-600">
          Conteggi del negozio stesso, senza dati personali né servizi esterni.
        </p>
      </Section>
    </div>
  );
}

export function SalesDashboard({ returnPath }: { returnPath: string }) {
  const [preset, setPreset] = useState<PeriodPreset | 'custom'>('last30');
  const [period, setPeriod] = useState<SalesPeriod>(() => periodOf('last30'));
  const [attempt, setAttempt] = useState(0);
  // What came back, for the request it answered: another period or a retry shows loading.
  const request = `${period.from}/${period.to}/${attempt}`;
  const [answered, setAnswered] = useState<{ request: string; loaded: Loaded } | null>(null);
  const loaded: Loaded = answered?.request === request ? answered.loaded : { status: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (result: Loaded) => {
      if (current) setAnswered({ request, loaded: result });
    };
    (takeFiguresAhead(period) ?? fetchSalesSummary(period)).then(
      (summary) => settle({ status: 'loaded', summary }),
      (caught: unknown) => {
        const denied = accessDenial(caught);
        settle(
          denied
            ? { status: 'denied', code: denied }
            : {
                status: 'failed',
                message: adminFailureMessage(caught, {
                  service: 'Non è stato possibile caricare i dati. Riprova tra poco.',
                  page: 'Non è stato possibile mostrare i dati.',
                }),
              },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [period, request]);

  if (loaded.status === 'denied')
    return <AccessRefused status={loaded.code} returnPath={returnPath} />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Panoramica vendite</h1>
        <a
          href={ordersCsvPath(period)}
          download
          className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Esporta gli ordini del periodo (CSV)
        </a>
      </div>
      <PeriodPicker
        preset={preset}
        period={period}
        onChoose={(chosen, days) => {
          setPreset(chosen);
          setPeriod(days);
        }}
      />
      <p role="status" className="text-sm text-slate-700">
        {loaded.status === 'loaded'
          ? `Dati del periodo ${periodLabel(loaded.summary.period)}, confrontati con ${periodLabel(loaded.summary.previousPeriod)}.`
          : ''}
      </p>
      {loaded.status === 'loading' ? <AdminSpinner label="Caricamento dei dati..." /> : null}
      {loaded.status === 'failed' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{loaded.message}</p>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="mt-2 rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold hover:bg-red-100"
          >
            Riprova
          </button>
        </div>
      ) : null}
      {loaded.status === 'loaded' ? <Figures summary={loaded.summary} /> : null}
    </div>
  );
}
