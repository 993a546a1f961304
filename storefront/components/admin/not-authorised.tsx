import Link from 'next/link';

/** What a signed-in account without the admin role sees (docs/product.md#roles: the server decides). */
export function NotAuthorised({ email }: { email: string }) {
  return (
    <section
      aria-labelledby="not-authorised-heading"
      className="mx-auto max-w-xl rounded-2xl border border-amber-200 bg-amber-50 p-8 text-center"
    >
      <h1 id="not-authorised-heading" className="text-2xl font-bold text-slate-900">
        Accesso non autorizzato
      </h1>
      <p className="mt-3 text-slate-700">
        L&apos;account <span className="font-semibold [overflow-wrap:anywhere]">{email}</span> non
        ha i permessi di amministratore: gli ordini e i subscription records sono riservati allo
        staff di supporto.
      </p>
      <p className="mt-2 text-slate-700">
        Se pensi che sia un errore, chiedi l&apos;accesso al responsabile del sito.
      </p>
      <Link
        href="/"
        className="mt-6 inline-block rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
      >
        Torna alla home
      </Link>
    </section>
  );
}
