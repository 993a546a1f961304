import { auditStateText } from './audit-text';

describe('auditStateText', () => {
  it.each([
    [{ access: 'active' }, 'accesso: attivo'],
    [{ access: 'revoked' }, 'accesso: revocato'],
    [{ to: 'buyer@example.com', files: 2 }, 'destinatario: buyer@example.com, file: 2'],
    [
      { email: 'member@example.com', session_id: 'cs_1' },
      'email: member@example.com, session_id: cs_1',
    ],
    [
      { cancelAtPeriodEnd: true, currentPeriodEnd: null },
      'cancelAtPeriodEnd: sì, currentPeriodEnd: —',
    ],
    [{ status: 'refunded' }, 'stato: rimborsato'],
    [{}, '—'],
    [null, '—'],
  ])('reads %j as %s', (state, text) => {
    expect(auditStateText(state)).toBe(text);
  });

  it('shows a value it has no word for as it came, even one named like an object property', () => {
    expect(auditStateText({ access: 'constructor' })).toBe('accesso: constructor');
    expect(auditStateText({ toString: 'x' })).toBe('toString: x');
  });
});
