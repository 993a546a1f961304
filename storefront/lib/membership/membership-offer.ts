/**
 * What the monthly membership gives and how it ends, in the shop's words (docs/product.md#membership-page):
 * the membership page says it, and the chat answers with the same sentences, so the two cannot
 * drift apart. The price is never here: it comes from the catalogue.
 */
import { WITHDRAWAL_PERIOD_DAYS } from '@aba-shop/contract/constants';

/** The page that offers the membership. */
export const MEMBERSHIP_PATH = '/membership';

/** What a member gets each month, one card each on the page. */
export const MEMBER_BENEFITS = [
  {
    title: 'A new worksheet pack every month',
    text: 'Printable worksheets (PDF) to practise at home the skills the guides teach, with a new pack each month.',
  },
  {
    title: 'A recorded Q&A with our ABA team',
    text: "Each month our ABA team answers parents' questions in a recorded session: listen to the audio, or read its transcript.",
  },
  {
    title: 'In your library, on any device',
    text: 'Read the worksheets and listen to the Q&A in your library, on your phone, tablet or computer.',
  },
] as const;

/** The benefits in one sentence: the chat's answer to "what do I get with the membership?". */
export const MEMBER_BENEFITS_SUMMARY =
  'Every month, members get a new pack of printable worksheets and a recorded Q&A with our ABA team (audio with a transcript), to read and listen to in their library on any device.';

/** Cancelling, as the account page does it (docs/product.md#the-membership). */
export const MEMBERSHIP_CANCELLING =
  'Cancel any time: signed in on your account page, choose "Manage membership". Your membership stays active until the end of the month you have paid for, and is not charged again.';

/** The right of withdrawal, as the withdrawal function applies it (docs/product.md#withdrawal). */
export const MEMBERSHIP_WITHDRAWAL = `You may withdraw from the membership within ${WITHDRAWAL_PERIOD_DAYS} days of paying for it, without giving any reason: use "Withdraw from contract here" at the foot of every page. We refund the whole payment and the membership ends at once. After the ${WITHDRAWAL_PERIOD_DAYS} days you can still cancel it, and it then ends with the month paid for.`;
