/**
 * `/admin` as one finished HTML document (docs/product.md#admin-overview, docs/adr/
 * 0038-overview-drawn-on-the-server.md): the period's figures beside the one before, the charts
 * as pictures drawn on the server with their numbers in tables, the orders' CSV, the shop's
 * health, and the periods as plain forms. No script runs: a phone can use the page as soon as
 * it is shown. Written by app/admin/route.ts; Italian, as the whole admin area.
 */
import type { SalesFigures, SalesSummary, ShopHealth } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import { formatRecordDate } from '@/lib/admin/format-record-date';
import { html, trusted, type Html } from '@/lib/admin/html';
import type { ChosenPeriod, Overview, Part } from '@/lib/admin/overview';
import { drawSalesChart, type SalesChart } from '@/lib/admin/sales-chart-svg';
import {
  PERIOD_PRESETS,
  changeText,
  dayLabel,
  percentText,
  periodLabel,
  type PeriodPreset,
} from '@/lib/admin/sales-period';
import { HEALTH_STATE_WORDS, shopHealthRows } from '@/lib/admin/shop-health-rows';
import { ordersCsvPath } from '@/lib/commerce/api/sales';
import { SITE_NAME } from '@/lib/seo/structured-data';
import { ADMIN_SECTIONS, type AdminSection } from '../admin-nav';
import { OVERVIEW_STYLES } from './overview-styles';

export const OVERVIEW_PATH = ADMIN_SECTIONS.overview.href;

// Made once: a year's table formats hundreds of numbers.
const COUNT = new Intl.NumberFormat('it-IT');
const counted = (value: number) => COUNT.format(value);

/** One figure with how it moved since the period before. */
const figureCard = (label: string, value: number, previous: number, show: (n: number) => string) =>
  html`<div class="card">
    <dt>${label}</dt>
    <dd class="value">${show(value)}</dd>
    <dd class="change">${changeText(value, previous)} (${show(previous)})</dd>
  </div>`;

/** A chart's numbers as a table, folded under it: for screen readers and for reading exactly. */
function figureTable(caption: string, head: readonly string[], rows: readonly string[][]) {
  // The region scrolls by the keyboard too: it can take the focus.
  return html`<details class="table-fold">
    <summary>Mostra i dati in una tabella</summary>
    <div role="region" aria-label="${caption}" tabindex="0" class="scroll">
      <table>
        <caption class="sr-only">
          ${caption}
        </caption>
        <thead>
          <tr>
            ${head.map((cell) => html`<th scope="col">${cell}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            ([first, ...rest]) =>
              html`<tr>
                <th scope="row">${first}</th>
                ${rest.map((cell) => html`<td class="number">${cell}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </details>`;
}

/** A chart as one image with its description; the phone's drawing or the wide one is shown. */
function chart(drawn: SalesChart, description: string) {
  const { narrow, wide } = drawSalesChart(drawn);
  return html`<div role="img" aria-label="${description}" class="chart">
    <div class="narrow">${trusted(narrow)}</div>
    <div class="wide">${trusted(wide)}</div>
  </div>`;
}

const section = (id: string, title: string, content: Html) =>
  html`<section aria-labelledby="${id}">
    <h2 id="${id}">${title}</h2>
    ${content}
  </section>`;

/** The presets as buttons of one form, the owner's own days as another: no script needed. */
function periodForms({ preset, asked, problem }: ChosenPeriod) {
  const describedBy = problem ? html` aria-describedby="period-problem"` : null;
  const presets = (Object.keys(PERIOD_PRESETS) as PeriodPreset[]).map(
    (key) =>
      html`<button
        type="submit"
        name="preset"
        value="${key}"
        aria-pressed="${String(preset === key)}"
        ${preset === key ? html` class="pressed"` : null}
      >
        ${PERIOD_PRESETS[key]}
      </button>`,
  );
  return html`<div class="panel">
    <form method="get" action="${OVERVIEW_PATH}">
      <div role="group" aria-label="Periodo" class="presets">${presets}</div>
    </form>
    <form method="get" action="${OVERVIEW_PATH}" novalidate class="days">
      <label>Dal <input type="date" name="from" value="${asked.from}" ${describedBy} /></label
      ><label>Al <input type="date" name="to" value="${asked.to}" ${describedBy} /></label
      ><button type="submit" class="outline">Mostra il periodo</button
      >${problem ? html`<p id="period-problem" role="alert" class="problem">${problem}</p>` : null}
    </form>
  </div>`;
}

function figures(summary: SalesSummary) {
  const { current, previous, currency } = summary;
  const money = (cents: number) => formatPrice(cents, currency);
  const ticks = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    notation: 'compact',
  });
  const moneyTick = (cents: number) => ticks.format(cents / 100);
  const figure = (
    label: string,
    pick: (figures: SalesFigures) => number,
    show: (value: number) => string = counted,
  ) => figureCard(label, pick(current), pick(previous), show);
  const funnelSteps = [
    ['Visite al negozio', current.funnel.shopViews],
    ['Checkout avviati', current.funnel.checkoutsStarted],
    ['Ordini pagati', current.funnel.paid],
  ] as const;
  const byProduct = summary.byProduct;

  return html`${section(
    'sales',
    'Vendite',
    html`<dl class="cards four">
      ${[
        figure('Ricavi (al netto di imposte e rimborsi)', (f) => f.revenue, money),
        figure('Ordini', (f) => f.orders),
        figure('Ordine medio', (f) => f.averageOrder, money),
        figure('Imposte', (f) => f.tax, money),
        figure('Nuovi clienti', (f) => f.newBuyers),
        figure('Ordini di clienti abituali', (f) => f.returningBuyers),
        figure('Ordini rimborsati', (f) => f.refunds),
        figure('Importo rimborsato', (f) => f.refunded, money),
        figure('Contestazioni aperte', (f) => f.disputes),
        figure('Importo contestato', (f) => f.disputed, money),
        figure('Contestazioni perse', (f) => f.disputesLost),
      ]}
    </dl>`,
  )}${section(
    'by-day',
    'Ricavi per giorno',
    html`${chart(
      {
        type: summary.byDay.length > 62 ? 'line' : 'bar',
        labels: summary.byDay.map((day) => dayLabel(day.day, { year: false })),
        values: summary.byDay.map((day) => day.revenue),
        tick: moneyTick,
      },
      `Ricavi per giorno dal ${dayLabel(summary.period.from)} al ${dayLabel(summary.period.to)}: in tutto ${money(current.revenue)}. I valori sono nella tabella qui sotto.`,
    )}${figureTable(
      'Ordini e ricavi per giorno',
      ['Giorno', 'Ordini', 'Ricavi'],
      summary.byDay.map((day) => [dayLabel(day.day), counted(day.orders), money(day.revenue)]),
    )}`,
  )}${section(
    'by-product',
    'Vendite per prodotto',
    byProduct.length === 0
      ? html`<p class="quiet">Nessun prodotto venduto nel periodo.</p>`
      : html`${chart(
          {
            type: 'bar',
            horizontal: true,
            labels: byProduct.map((product) => product.name),
            values: byProduct.map((product) => product.sales),
            tick: moneyTick,
          },
          `Vendite per prodotto: ${byProduct.map((product) => `${product.name} ${money(product.sales)}`).join('; ')}.`,
        )}${figureTable(
          'Unità e vendite per prodotto, prima di sconti e imposte',
          ['Prodotto', 'Unità', 'Vendite'],
          byProduct.map((product) => [product.name, counted(product.units), money(product.sales)]),
        )}`,
  )}${section(
    'membership',
    'Membership',
    html`<dl class="cards five">
      ${[
        figure('Membri attivi', (f) => f.members.active),
        figure('Nuovi membri', (f) => f.members.started),
        figure('Cancellazioni', (f) => f.members.cancelled),
        figure('Tasso di abbandono', (f) => f.members.churn, percentText),
        figure('Ricavo mensile ricorrente', (f) => f.members.mrr, money),
      ]}
    </dl>`,
  )}${section(
    'funnel',
    'Dal negozio al pagamento',
    html`<ol class="cards three">
        ${funnelSteps.map(([label, value], index) => {
          const before = index > 0 ? (funnelSteps[index - 1]?.[1] ?? 0) : null;
          const share =
            before === null
              ? null
              : before > 0
                ? `${percentText(value / before)} del passo precedente`
                : 'nessun passo precedente nel periodo';
          return html`<li class="card">
            <p>${label}</p>
            <p class="value">${counted(value)}</p>
            ${share === null ? null : html`<p class="change">${share}</p>`}
          </li>`;
        })}
      </ol>
      <p class="quiet">Conteggi del negozio stesso, senza dati personali né servizi esterni.</p>`,
  )}`;
}

/** An instant in UTC, as the periods are counted: '21 nov, 14:05 UTC'. */
const utcTime = (iso: string) =>
  html`<time datetime="${iso}" title="${formatRecordDate(iso, { timeZone: 'UTC', withYear: true })}"
    >${formatRecordDate(iso, { timeZone: 'UTC' })} UTC</time
  >`;

/** The console's status panel (docs/product.md#shop-health): states in words, colour repeating them. */
function healthPanel(health: Part<ShopHealth>, again: string) {
  // The table scrolls sideways on a phone, by the keyboard too: it can take the focus.
  const content = health.ok
    ? html`<div
        role="region"
        aria-label="Stato del negozio, tabella"
        tabindex="0"
        class="scroll bordered"
      >
        <table>
          <caption>
            Controllato alle ${utcTime(health.value.checkedAt)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Parte</th>
              <th scope="col">Stato</th>
              <th scope="col">Dettagli</th>
            </tr>
          </thead>
          <tbody>
            ${shopHealthRows(health.value).map(
              (row) =>
                html`<tr>
                  <th scope="row">${row.part}</th>
                  <td><span class="state ${row.state}">${HEALTH_STATE_WORDS[row.state]}</span></td>
                  <td>${row.details}${row.at ? html` ${utcTime(row.at)}` : null}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`
    : html`<p role="alert" class="failure">${health.message}</p>`;
  return html`<section aria-labelledby="shop-health-title">
    <div class="heading-row">
      <h2 id="shop-health-title">Stato del negozio</h2>
      <a href="${again}" class="button outline">Aggiorna</a>
    </div>
    ${content}
  </section>`;
}

/** The admin area's sections, the overview marked as the page the administrator is on. */
const adminLinks = () =>
  html`<nav aria-label="Amministrazione">
    <ul class="sections">
      ${(Object.keys(ADMIN_SECTIONS) as AdminSection[]).map(
        (key) =>
          html`<li>
            <a
              href="${ADMIN_SECTIONS[key].href}"
              ${key === 'overview' ? html` aria-current="page" class="current"` : null}
              >${ADMIN_SECTIONS[key].label}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;

function salesOverview(
  chosen: ChosenPeriod,
  sales: Part<SalesSummary>,
  health: Part<ShopHealth>,
  here: string,
) {
  const status = sales.ok
    ? `Dati del periodo ${periodLabel(sales.value.period)}, confrontati con ${periodLabel(sales.value.previousPeriod)}.`
    : '';
  const body = sales.ok
    ? figures(sales.value)
    : html`<div role="alert" class="failure">
        <p>${sales.message}</p>
        <a href="${here}" class="button outline">Riprova</a>
      </div>`;
  return html`${adminLinks()}
    <div class="heading-row">
      <h1>Panoramica vendite</h1>
      <a href="${ordersCsvPath(chosen.period)}" download class="button"
        >Esporta gli ordini del periodo (CSV)</a
      >
    </div>
    ${periodForms(chosen)}
    <p role="status" class="quiet">${status}</p>
    ${body}${healthPanel(health, here)}`;
}

/** What a signed-in account without the admin role sees (docs/product.md#roles: the server decides). */
const notAuthorised = (email: string) =>
  html`<section aria-labelledby="not-authorised-heading" class="refused">
    <h1 id="not-authorised-heading">Accesso non autorizzato</h1>
    <p>
      L'account <strong>${email}</strong> non ha i permessi di amministratore: gli ordini e i
      subscription records sono riservati allo staff di supporto.
    </p>
    <p>Se pensi che sia un errore, chiedi l'accesso al responsabile del sito.</p>
    <a href="/" class="button">Torna alla home</a>
  </section>`;

/** The whole page for one answer; `here` is the address it answers, to load it again. */
export function overviewDocument(
  overview: Exclude<Overview, { kind: 'sign-in' }>,
  here: string,
): string {
  const main =
    overview.kind === 'overview'
      ? salesOverview(overview.chosen, overview.sales, overview.health, here)
      : notAuthorised(overview.email);
  return html`<!DOCTYPE html>
    <html lang="it">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Panoramica vendite | ${SITE_NAME}</title>
        <link rel="icon" href="/icon.png" />
        <style>
          ${trusted(OVERVIEW_STYLES)}
        </style>
      </head>
      <body>
        <a href="#contenuto" class="skip">Vai al contenuto</a>
        <header class="site"><a href="/">${SITE_NAME}</a></header>
        <main id="contenuto">${main}</main>
      </body>
    </html>`.markup;
}
