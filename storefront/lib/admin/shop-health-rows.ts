/**
 * What the console's status panel says of each part of the shop (docs/product.md#shop-health):
 * a state in words (the colour only repeats it) and the figures behind it, in Italian.
 */
import type { JobHealth, ShopHealth } from '@aba-shop/contract';

export type HealthState = 'ok' | 'warning' | 'down' | 'off' | 'info';

export const HEALTH_STATE_WORDS: Record<HealthState, string> = {
  ok: 'Funziona',
  warning: 'Attenzione',
  down: 'Non raggiungibile',
  off: 'Non configurato',
  info: 'Informazione',
};

export interface HealthRow {
  part: string;
  state: HealthState;
  details: string;
  /** An instant to show as a date (the last publish), beside the details. */
  at?: string | null;
}

/** A message waiting longer than this is late: the mail alert rule's threshold too. */
export const OUTBOX_LATE_SECONDS = 15 * 60;
/** Less free than this on the stamped copies' disk, and new copies may soon fail. */
export const DISK_LOW_BYTES = 1024 ** 3;

/** '45 s', '12 min', '3 h', '2 g': how long ago, roughly. */
export function describeAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} g`;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** '2 MB', '10,5 GB' (units of 1024). */
export function describeBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat('it-IT', {
    style: 'unit',
    unit: UNITS[unit],
    maximumFractionDigits: 1,
  }).format(value);
}

const messages = (count: number) => (count === 1 ? '1 messaggio' : `${count} messaggi`);

function outboxRow({ pending, oldestAgeSeconds, failed }: ShopHealth['mailOutbox']): HealthRow {
  const late = oldestAgeSeconds !== null && oldestAgeSeconds > OUTBOX_LATE_SECONDS;
  const parts =
    pending === 0
      ? ['Nessun messaggio in attesa']
      : [`${messages(pending)} in attesa, il più vecchio da ${describeAge(oldestAgeSeconds ?? 0)}`];
  if (failed > 0) parts.push(`${messages(failed)} con invio non riuscito, da ritentare`);
  return {
    part: 'Posta in uscita',
    state: failed > 0 || late ? 'warning' : 'ok',
    details: parts.join('; '),
  };
}

function webhookRow({ newestEventAgeSeconds, failuresSinceStart }: ShopHealth['webhooks']) {
  const parts = [
    newestEventAgeSeconds === null
      ? 'Nessun evento Stripe ricevuto'
      : `Ultimo evento Stripe ${describeAge(newestEventAgeSeconds)} fa`,
    failuresSinceStart === 0
      ? 'nessuna chiamata fallita dall’avvio'
      : `${failuresSinceStart === 1 ? '1 chiamata fallita' : `${failuresSinceStart} chiamate fallite`} dall’avvio`,
  ];
  return {
    part: 'Webhook',
    state: failuresSinceStart > 0 ? 'warning' : 'ok',
    details: parts.join('; '),
  } satisfies HealthRow;
}

function dependencyRow(part: string, state: ShopHealth['redis']): HealthRow {
  if (state === 'unconfigured') {
    return { part, state: 'off', details: 'Il negozio funziona senza' };
  }
  return state === 'up'
    ? { part, state: 'ok', details: 'Risponde' }
    : { part, state: 'down', details: 'Non risponde' };
}

function cacheRow({ usedBytes, freeBytes }: ShopHealth['stampedPdfCache']): HealthRow {
  return {
    part: 'Cache dei PDF personalizzati',
    state: freeBytes !== null && freeBytes < DISK_LOW_BYTES ? 'warning' : 'ok',
    details: `${describeBytes(usedBytes)} usati; ${
      freeBytes === null
        ? 'spazio libero sconosciuto'
        : `${describeBytes(freeBytes)} liberi sul disco`
    }`,
  };
}

/** A job a whole period past its due time (two minutes at least) is late: it is not running. */
const JOB_GRACE_MIN_SECONDS = 120;

const secondsBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/** A job's row: its last run, its next, its last failure (docs/product.md#shop-health). */
export function jobRow(job: JobHealth, checkedAt: string): HealthRow {
  const every = `ogni ${describeAge(job.everySeconds)}`;
  if (job.lastRunAt === null || job.nextRunAt === null) {
    return { part: job.label, state: 'info', details: `Non ancora eseguito; ${every}` };
  }
  const parts = [`Ultima esecuzione ${describeAge(secondsBetween(job.lastRunAt, checkedAt))} fa`];
  const late = secondsBetween(job.nextRunAt, checkedAt);
  const grace = Math.max(job.everySeconds, JOB_GRACE_MIN_SECONDS);
  if (Date.parse(job.nextRunAt) > Date.parse(checkedAt)) {
    parts.push(`prossima tra ${describeAge(secondsBetween(checkedAt, job.nextRunAt))}`);
  } else if (late > grace) {
    parts.push(`in ritardo di ${describeAge(late)}`);
  }
  parts.push(every);
  if (job.lastOutcome === 'failed') parts.unshift(`Non riuscito: ${job.lastError ?? 'errore'}`);
  else if (job.lastFailureAt)
    parts.push(`ultimo errore ${describeAge(secondsBetween(job.lastFailureAt, checkedAt))} fa`);
  return {
    part: job.label,
    state: job.lastOutcome === 'failed' || late > grace ? 'warning' : 'ok',
    details: parts.join('; '),
  };
}

export function shopHealthRows(health: ShopHealth): HealthRow[] {
  return [
    outboxRow(health.mailOutbox),
    webhookRow(health.webhooks),
    {
      part: 'Ultima pubblicazione dal CMS',
      state: 'info',
      details: health.lastPublishAt ? 'Risorsa per i membri vista il' : 'Nessuna ancora vista',
      at: health.lastPublishAt,
    },
    dependencyRow('Redis', health.redis),
    dependencyRow('CMS', health.cms),
    cacheRow(health.stampedPdfCache),
    ...health.jobs.map((job) => jobRow(job, health.checkedAt)),
  ];
}
