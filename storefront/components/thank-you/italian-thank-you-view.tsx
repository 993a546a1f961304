/**
 * The Italian thank-you pages (spec §2: 'Italian and English variants exist; which variant sits
 * on which route is not shown'). Our reading: the short routes /thank-you/aba-for-parents and
 * /thank-you/case-studies are the Italian variants, the ebook-* routes the English ones.
 *
 * The spec's Italian parents page links 'Vai ai tuoi download' to /checkout/success and has a
 * lower English section with the download buttons; its case-studies page only says to check
 * the e-mail. Here both pages read the same way: the e-mail note, then 'Vai ai tuoi download',
 * which jumps to the lower English downloads section of this page. /checkout/success would
 * bounce the buyer to the English page after 3 seconds, and without a purchase it shows only
 * an error; the lower section shows the purchase's signed links, or, without a purchase, the
 * 'e-mail me my links' form, so both pages always lead to the files. No Purchase event (§9).
 */
import Link from 'next/link';
import { THANK_YOU_CATALOGUE, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { OrderIdLine } from './order-id-line';
import { PurchaseDownloads } from './purchase-downloads';
import {
  ClosingBanner,
  HowToListen,
  ThankYouCard,
  ThankYouHero,
  ThankYouLinks,
} from './thank-you-sections';

const VARIANTS = {
  'aba-for-parents': {
    slug: 'ebook-aba-for-parents',
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
    links: [
      { href: '/contact', label: 'Hai domande? Contattaci' },
      { href: '/shop', label: 'Scopri ABA Case Studies' },
    ],
  },
  'case-studies': {
    slug: 'ebook-aba-case-studies',
    intro: 'Storie reali, risultati reali: cinque famiglie ti raccontano il loro percorso ABA.',
    stepsTitle: 'Un consiglio',
    steps: [
      [
        'Tieni un diario dei progressi',
        'Usa i modelli inclusi per annotare ogni settimana i piccoli passi avanti di tuo figlio.',
      ],
    ],
    links: [
      { href: '/contact', label: 'Condividi la tua storia o chiedi un consiglio' },
      { href: '/shop', label: 'Scopri ABA for Parents' },
    ],
  },
} as const;

export function ItalianThankYouView({
  variant,
  sessionId,
}: {
  variant: keyof typeof VARIANTS;
  sessionId: string | null;
}) {
  const content = VARIANTS[variant];
  const product = THANK_YOU_CATALOGUE[content.slug];
  const theme = themeForType(product.type);
  return (
    <main className="pb-12" lang="it">
      <ThankYouHero theme={theme} heading="Grazie per il tuo acquisto!">
        <p className="mt-3 text-lg text-slate-800">
          <strong lang="en">{product.name}</strong>. {content.intro}
        </p>
        <OrderIdLine sessionId={sessionId} label="ID ordine" />
      </ThankYouHero>
      <div className="mx-auto max-w-4xl space-y-8 px-4">
        <div className={`rounded-xl border p-4 text-slate-800 ${theme.soft}`}>
          <p>
            <span aria-hidden="true">✉️ </span>
            Ti abbiamo inviato un&apos;e-mail di conferma con il link per scaricare il PDF. Se non
            la trovi tra qualche minuto, controlla anche la cartella spam.
          </p>
          <Link
            href="#downloads"
            className={`mt-4 inline-block rounded-lg px-6 py-3 font-semibold ${theme.solid}`}
          >
            Vai ai tuoi download
          </Link>
        </div>
        <ThankYouCard theme={theme} title={content.stepsTitle} id="next-steps-heading">
          <ol className="space-y-3">
            {content.steps.map(([title, text], index) => (
              <li key={title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full font-bold ${theme.solid}`}
                >
                  {index + 1}
                </span>
                <span>
                  <strong className="block">{title}</strong>
                  <span className="text-sm text-slate-700">{text}</span>
                </span>
              </li>
            ))}
          </ol>
        </ThankYouCard>
        <ThankYouLinks theme={theme} links={[...content.links]} label="Dove andare ora" />
        <div lang="en" className="space-y-8 border-t border-slate-200 pt-8">
          <ThankYouCard theme={theme} title="Your Downloads" id="downloads">
            <PurchaseDownloads
              sessionId={sessionId}
              pageSlug={content.slug}
              buttonClass={theme.solid}
            />
          </ThankYouCard>
          <HowToListen theme={theme} />
        </div>
        <ClosingBanner
          theme={theme}
          heading="Stai facendo qualcosa di prezioso per tuo figlio"
          text="Ogni piccolo passo conta. Siamo qui quando hai bisogno di supporto nel tuo percorso ABA."
        />
      </div>
    </main>
  );
}
