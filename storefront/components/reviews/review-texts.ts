/** The review form's words (docs/product.md#keeping-in-touch), in the review request's language. */
export const REVIEW_TEXTS = {
  en: {
    heading: (product: string) => `How did you find ${product}?`,
    intro:
      'A few honest words help other parents decide. We read every review before it appears on our website.',
    rating: 'Your rating',
    stars: (count: number) => (count === 1 ? '1 star' : `${count} stars`),
    review: 'Your review',
    count: (used: number, max: number) => `${used} of ${max} characters`,
    firstName: 'First name (optional)',
    childAge: "Your child's age (optional)",
    noAge: 'Prefer not to say',
    consent:
      "You may publish my review on this website with my first name and my child's age range, if I gave them.",
    send: 'Send my review',
    sending: 'Sending…',
    ratingNeeded: 'Choose a rating from 1 to 5 stars.',
    textNeeded: (min: number) => `Your review must be at least ${min} characters.`,
    textLength: (min: number, max: number) =>
      `Your review must be between ${min} and ${max} characters.`,
    consentNeeded: 'Tick the box to let us publish your review.',
    reviewed: 'You have already reviewed this eBook with this link. Thank you!',
    invalidLink: 'This review link is not valid.',
    refunded: 'This order was refunded, so it cannot be reviewed.',
    tooMany: 'Too many attempts: please try again in a few minutes.',
    thanks: 'Thank you!',
    noAnswer: 'We could not reach the shop. Please try again in a moment.',
    unavailable: 'This review link cannot be used',
  },
  it: {
    heading: (product: string) => `Come ti sei trovato con ${product}?`,
    intro:
      'Poche parole sincere aiutano altri genitori a decidere. Leggiamo ogni recensione prima che compaia sul sito.',
    rating: 'Il tuo voto',
    stars: (count: number) => (count === 1 ? '1 stella' : `${count} stelle`),
    review: 'La tua recensione',
    count: (used: number, max: number) => `${used} di ${max} caratteri`,
    firstName: 'Nome (facoltativo)',
    childAge: 'Età di tuo figlio (facoltativa)',
    noAge: 'Preferisco non dirlo',
    consent:
      "Potete pubblicare la mia recensione su questo sito con il mio nome e la fascia d'età di mio figlio, se li ho indicati.",
    send: 'Invia la recensione',
    sending: 'Invio…',
    ratingNeeded: 'Scegli un voto da 1 a 5 stelle.',
    textNeeded: (min: number) => `La recensione deve avere almeno ${min} caratteri.`,
    textLength: (min: number, max: number) =>
      `La recensione deve avere tra ${min} e ${max} caratteri.`,
    consentNeeded: 'Spunta la casella per permetterci di pubblicare la recensione.',
    reviewed: 'Hai già recensito questo eBook con questo link. Grazie!',
    invalidLink: 'Questo link per la recensione non è valido.',
    refunded: 'Questo ordine è stato rimborsato, quindi non si può recensire.',
    tooMany: 'Troppi tentativi: riprova tra qualche minuto.',
    thanks: 'Grazie!',
    noAnswer: 'Non siamo riusciti a raggiungere il negozio. Riprova tra un momento.',
    unavailable: 'Questo link per la recensione non si può usare',
  },
} as const;

export type ReviewLanguage = keyof typeof REVIEW_TEXTS;
