/**
 * The commerce service's own failure texts, in each language a screen of the shop shows them in
 * (docs/product.md#languages): what the service adds by itself to its services' messages, for
 * validation, rate limits, outages and the admin check.
 */

export type ErrorLanguage = 'en' | 'it';

/** "10 minuti", "1 minuto", "30 secondi": how long a client is asked to wait. */
function waitInItalian(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`;
}

/** The rate limiter's wait: its own English wording and the milliseconds left. */
export interface RetryAfter {
  after: string;
  ttl: number;
}

/** The first problem a request's schema found: where in it (empty for the whole) and what. */
export interface SchemaIssue {
  path: string;
  message: string;
}

export interface FailureTexts {
  /** A request that fails its schema: where (body, querystring...) and its first issue. */
  invalid: (where: string, issue: SchemaIssue | undefined) => string;
  nulCharacters: (where: string) => string;
  malformedJson: string;
  tooManyRequests: (wait: RetryAfter) => string;
  unavailable: string;
  paymentsUnavailable: string;
  internal: string;
  signInAsAdmin: string;
  notAdmin: string;
}

/**
 * English, and Italian for the routes behind the Italian screens, whose schemas write their
 * own messages in Italian: the Italian text passes the schema's message on.
 */
export const FAILURE_TEXTS: Record<ErrorLanguage, FailureTexts> = {
  en: {
    invalid: (where, issue) =>
      `Invalid ${where}: ${issue ? `${issue.path || where}: ${issue.message}` : 'is invalid'}`,
    nulCharacters: (where) => `Invalid ${where}: text must not contain NUL characters`,
    malformedJson: 'Malformed JSON body',
    tooManyRequests: ({ after }) => `Too many requests: please wait ${after} and try again.`,
    unavailable: 'The service is temporarily unavailable',
    paymentsUnavailable: 'Payments are temporarily unavailable. Please try again in a moment.',
    internal: 'Internal server error',
    signInAsAdmin: 'Sign in with an administrator account to do this.',
    notAdmin: 'Your account is not an administrator, so it cannot do this.',
  },
  it: {
    invalid: (_where, issue) =>
      issue
        ? `Dati non validi${issue.path ? ` (${issue.path})` : ''}: ${issue.message}`
        : 'Dati non validi: controlla i dati inseriti e riprova.',
    nulCharacters: () => 'Dati non validi: il testo non può contenere il carattere NUL',
    malformedJson: 'Richiesta non valida: ricarica la pagina e riprova.',
    tooManyRequests: ({ ttl }) => `Troppe richieste: attendi ${waitInItalian(ttl)} e riprova.`,
    unavailable: 'Il servizio non è al momento disponibile: riprova tra qualche istante.',
    paymentsUnavailable:
      'I pagamenti non sono al momento disponibili: riprova tra qualche istante.',
    internal: 'Si è verificato un errore interno: riprova più tardi.',
    signInAsAdmin: 'Accedi con un account amministratore per continuare.',
    notAdmin: 'Il tuo account non è un amministratore: non può eseguire questa operazione.',
  },
};
