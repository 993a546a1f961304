/**
 * Mail as the other modules see it: they build a message with one of the shop's templates and
 * put it in the outbox, in the transaction of whatever caused it. Sending is the worker's
 * (worker.ts, transport.ts), which app.ts starts; no other module touches it. The module's
 * place among the others: docs/adr/0014-commerce-module-shape.md.
 */

// What other modules use: the outbox and the templates.
export {
  deleteSentMailBefore,
  dropQueuedMail,
  enqueueMail,
  eraseMailOf,
  reviseQueuedMail,
  type OutgoingMail,
} from './outbox.ts';
export {
  checkoutReminderMail,
  membershipPaymentFailedMail,
  newsletterConfirmationMail,
  newsletterIssueMail,
  reviewRequestMail,
  welcomeCheckInMail,
  welcomeStartMail,
  type FollowUpBook,
  type NewsletterIssueContent,
} from './follow-up-templates.ts';
export {
  contactNotificationMail,
  downloadLinksMail,
  memberResourceMail,
  orderConfirmationMail,
  orderRefundMail,
  signInCodeMail,
  signInLinkMail,
  withdrawalAcknowledgementMail,
  withdrawalConfirmationMail,
  type ContactDetails,
} from './templates.ts';
