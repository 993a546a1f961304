/**
 * The Italian thank-you pages, on the short routes /thank-you/aba-for-parents and
 * /thank-you/case-studies (the ebook-* routes are the English ones; docs/product.md). The
 * parents page's 'Vai ai tuoi download' leads to the checkout success page of the purchase,
 * and a lower English section holds its download buttons; the case-studies page has no
 * buttons and sends the buyer to the e-mail with the link. Neither sends a Purchase event.
 */
import Link from 'next/link';
import { ebookOfKind, shortTitle, type Catalogue } from '@/lib/catalogue/catalogue';
import { thankYouProduct, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { ThankYouFrame } from './thank-you-frame';
import { DownloadsCard, HowToListen, NextSteps, ThankYouLinks } from './thank-you-sections';

const VARIANTS = {
  'aba-for-parents': {
    kind: 'foundational',
    /** The other eBook, which the page invites the buyer to discover. */
    other: 'case-studies',
    intro: 'La tua guida completa alle strategie ABA è pronta.',
    stepsTitle: 'I tuoi prossimi passi',
    steps: [
      ['Scarica il tuo eBook', 'Salva il PDF e l’audiolibro per averli sempre a portata di mano.'],
      ['Inizia dal Capitolo 1', 'Spiega le basi su cui si costruiscono tutte le strategie.'],
      [
        'Applica con pazienza',
        'Piccoli passi costanti: spesso i primi cambiamenti arrivano in 2-4 settimane.',
      ],
    ],
    contact: 'Hai domande? Contattaci',
    downloads: true,
  },
  'case-studies': {
    kind: 'case-studies',
    other: 'foundational',
    intro: 'Storie reali, risultati reali: cinque famiglie ti raccontano il loro percorso ABA.',
    stepsTitle: 'Un consiglio',
    steps: [
      [
        'Tieni un diario dei progressi',
        'Usa i modelli inclusi per annotare ogni settimana i piccoli passi avanti di tuo figlio.',
      ],
    ],
    contact: 'Condividi la tua storia o chiedi un consiglio',
    downloads: false,
  },
} as const;

/** The purchase's success page, which lists its downloads; without a purchase it says so. */
function checkoutSuccessPath(sessionId: string | null): string {
  return sessionId
    ? `/checkout/success?sessionId=${encodeURIComponent(sessionId)}`
    : '/checkout/success';
}

export function ItalianThankYouView({
  variant,
  catalogue,
  sessionId,
}: {
  variant: keyof typeof VARIANTS;
  catalogue: Catalogue | null;
  sessionId: string | null;
}) {
  const content = VARIANTS[variant];
  const product = thankYouProduct(catalogue, content.kind);
  const book = product.catalogued;
  const other = ebookOfKind(catalogue, content.other);
  const theme = themeForType(product.type);
  const links = [
    { href: '/contact', label: content.contact },
    { href: '/shop', label: `Scopri ${other ? shortTitle(other.name) : 'i nostri eBook'}` },
  ];
  return (
    <ThankYouFrame
      theme={theme}
      heading="Grazie per il tuo acquisto!"
      intro={
        <>
          {book ? (
            <>
              <strong lang="en">{book.name}</strong>.{' '}
            </>
          ) : null}
          {content.intro}
        </>
      }
      sessionId={sessionId}
      orderIdLabel="ID ordine"
      lang="it"
      closing={{
        heading: 'Stai facendo qualcosa di prezioso per tuo figlio',
        text: 'Ogni piccolo passo conta. Siamo qui quando hai bisogno di supporto nel tuo percorso ABA.',
      }}
    >
      <div className={`rounded-xl border p-4 text-slate-800 ${theme.soft}`}>
        {content.downloads ? (
          <>
            <p>
              <span aria-hidden="true">✉️ </span>
              Ti abbiamo inviato un&apos;e-mail di conferma con il link per scaricare il PDF. Se non
              la trovi tra qualche minuto, controlla anche la cartella spam.
            </p>
            <Link
              href={checkoutSuccessPath(sessionId)}
              className={`mt-4 inline-block rounded-lg px-6 py-3 font-semibold ${theme.solid}`}
            >
              Vai ai tuoi download
            </Link>
          </>
        ) : (
          <>
            <p>
              <span aria-hidden="true">✉️ </span>
              Il link per scaricare il tuo eBook e l&apos;audiolibro ti arriva via e-mail: controlla
              la tua casella di posta. Se non la trovi tra qualche minuto, controlla anche la
              cartella spam.
            </p>
            <p className="mt-3">
              Non è arrivata?{' '}
              <Link href="/contact" className="font-semibold underline">
                Scrivici
              </Link>{' '}
              e ti rispondiamo entro 24 ore.
            </p>
          </>
        )}
      </div>
      <NextSteps theme={theme} title={content.stepsTitle} steps={content.steps} layout="list" />
      <ThankYouLinks theme={theme} links={links} label="Dove andare ora" />
      {content.downloads ? (
        <div lang="en" className="space-y-8 border-t border-slate-200 pt-8">
          <DownloadsCard theme={theme} sessionId={sessionId} pageProductId={book?.id ?? null} />
          <HowToListen theme={theme} />
        </div>
      ) : null}
    </ThankYouFrame>
  );
}
