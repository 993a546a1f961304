import { CommerceError } from '@/lib/commerce/client';
import { accessDenial, adminFailureMessage, asksForFreshSignIn } from './admin-failure';

const SIGN_IN_AGAIN =
  'Per sicurezza, questa operazione richiede un accesso recente: esci e riprova.';
const fallbacks = { service: 'Errore del servizio', page: 'Errore sconosciuto' };

describe('an action refused for want of a fresh sign-in', () => {
  const refused = new CommerceError('refused', 401, SIGN_IN_AGAIN, {
    error: SIGN_IN_AGAIN,
    signInAgain: true,
  });

  it('is a banner with the server’s words, not the sign-in redirect', () => {
    expect(asksForFreshSignIn(refused)).toBe(true);
    expect(accessDenial(refused)).toBeNull();
    expect(adminFailureMessage(refused, fallbacks)).toBe(SIGN_IN_AGAIN);
  });

  it('leaves every other 401 and 403 to the sign-in and not-authorised views', () => {
    expect(accessDenial(new CommerceError('refused', 401, 'Accedi', { error: 'Accedi' }))).toBe(
      401,
    );
    expect(accessDenial(new CommerceError('refused', 403, 'No', { error: 'No' }))).toBe(403);
    expect(asksForFreshSignIn(new CommerceError('refused', 403, 'No', { signInAgain: true }))).toBe(
      false,
    );
  });
});
