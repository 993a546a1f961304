import { recordStatusText } from './record-status';

const currentPeriodEnd = '2026-12-05T09:00:00.000Z';

describe('recordStatusText', () => {
  it.each([
    [
      { status: 'active', currentPeriodEnd, cancelAtPeriodEnd: false },
      'Attivo, rinnovo il 5 dic 2026',
    ],
    [{ status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false }, 'Attivo'],
    [
      { status: 'active', currentPeriodEnd, cancelAtPeriodEnd: true },
      'Attivo fino al 5 dic 2026, poi annullato',
    ],
    [{ status: 'past_due', currentPeriodEnd, cancelAtPeriodEnd: false }, 'Pagamento non riuscito'],
    [{ status: 'canceled', currentPeriodEnd, cancelAtPeriodEnd: true }, 'Annullato'],
  ] as const)('shows %j as %s', (record, text) => {
    expect(recordStatusText(record)).toBe(text);
  });
});
