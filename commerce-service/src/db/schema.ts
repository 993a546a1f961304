/**
 * Table types for Kysely. Timestamps are ISO 8601 strings written by the service, JSON is
 * stored as text, so SQLite and PostgreSQL share one code path.
 */
import type { ProductSeed } from '@aba-shop/contract';
import type { Generated } from 'kysely';

/** A product as the catalogue file lists it, with its lists as JSON text and its place. */
export interface ProductTable extends Omit<ProductSeed, 'images' | 'file_keys'> {
  /** JSON array of image URLs. */
  images: string;
  /** JSON array of the file keys a purchase grants (see data/books.json). */
  file_keys: string;
  sort_order: number;
  created_at: string;
}

export type CheckoutStatus = 'open' | 'paid' | 'cancelled';

export interface CheckoutSessionTable {
  id: string;
  provider: 'local' | 'stripe';
  status: CheckoutStatus;
  mode: 'payment' | 'subscription';
  currency: string;
  amount_total: number;
  /** JSON array of CheckoutLine. */
  lines: string;
  success_path: string;
  cancel_path: string;
  /** The provider's hosted page (Stripe) or the local checkout page. */
  url: string;
  customer_email: string | null;
  customer_id: string | null;
  payment_intent_id: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface OrderTable {
  id: string;
  checkout_session_id: string;
  /** The public number printed and quoted (docs/product.md#order-reference); it opens nothing. */
  number: string;
  email: string;
  amount_total: number;
  currency: string;
  payment_intent_id: string | null;
  status: 'paid' | 'refunded';
  created_at: string;
  /** Cents before discount and tax; what was charged is amount_total. */
  amount_subtotal: number | null;
  amount_discount: Generated<number>;
  amount_tax: Generated<number>;
  terms_accepted_at: string | null;
  /** What was refunded of the charge, and of its tax; a refunded order was refunded in full. */
  amount_refunded: Generated<number>;
  tax_refunded: Generated<number>;
  /** 1 when no order of the address in this currency came before it. */
  first_order: Generated<number>;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  product_id: string;
  product_name: string;
  product_type: 'digital' | 'subscription';
  quantity: number;
  unit_amount: number;
  /** When this line alone was refunded (docs/product.md#sales-figures). */
  refunded_at: Generated<string | null>;
}

export interface EntitlementTable {
  id: string;
  order_id: string;
  product_id: string;
  file_key: string;
  revoked_at: string | null;
  created_at: string;
  /** When a refund of its line revoked it (docs/product.md#refunds-from-the-console). */
  refunded_at: string | null;
}

/**
 * A refund of an order or of some of its lines, whatever asked it (docs/product.md#refunds):
 * support from the console, a withdrawal, or the payment provider itself (a refund made in
 * Stripe, a lost dispute), which the shop records as made.
 */
export interface OrderRefundTable {
  id: string;
  order_id: string;
  /** Cents refunded of the charge, and of its tax. */
  amount: number;
  tax: number;
  /** 1 when it refunds what was left of the whole order. */
  whole_order: number;
  /** `pending` until the provider made it; `failed` when it refused (its lines are free again). */
  status: 'pending' | 'refunded' | 'failed';
  reason: RefundReason;
  /** Who asked: an administrator's or the buyer's e-mail address, or `stripe`. */
  actor: string;
  created_at: string;
  /** When the provider was last asked (the retry's lease), or null. */
  attempted_at: string | null;
  refunded_at: string | null;
  provider_refund_id: string | null;
  /** The provider's words when the last attempt failed. */
  error: string | null;
  /** The provider's idempotency key: one refund there, however often asked; null when the provider made it. */
  idempotency_key: string | null;
  /** 1 when the refund also ends the order's subscription at the provider (a withdrawal's). */
  end_subscription: number;
}

/** Why an order was refunded: support's decision, a withdrawal, Stripe's dashboard, a lost dispute. */
export type RefundReason = 'support' | 'withdrawal' | 'stripe' | 'dispute';

/** A dispute Stripe told of (docs/product.md#disputes). */
export interface DisputeTable {
  /** Stripe's dispute id. */
  id: string;
  order_id: string;
  charge_id: string | null;
  reason: string;
  amount: number;
  currency: string;
  /** Stripe's word: `needs_response`, `under_review`, `won`, `lost`, … */
  status: string;
  evidence_due_by: string | null;
  evidence_submitted_at: string | null;
  /** The administrator who pressed the button, or `automatic`. */
  evidence_submitted_by: string | null;
  /** Once closed: `won`, `lost` or Stripe's other closing status. */
  outcome: string | null;
  created_at: string;
  updated_at: string;
}

/** A counted download: when, and by which client (docs/product.md#disputes). */
export interface DownloadEventTable {
  id: string;
  entitlement_id: string;
  order_id: string;
  file_key: string;
  at: string;
  client_ip: string | null;
  user_agent: string | null;
}

/** The order lines a console refund claims: a line is claimed once. */
export interface OrderRefundLineTable {
  line_id: string;
  refund_id: string;
}

export interface SubscriptionRecordTable {
  id: Generated<number>;
  user_id: string;
  email: string;
  session_id: string;
  created_at: string;
  /** The provider's subscription (`sub_…`), whose state is in memberships; null for a record made by hand. */
  subscription_id: string | null;
}

export type MembershipStatus = 'active' | 'past_due' | 'canceled';

export interface MembershipTable {
  subscription_id: string;
  customer_id: string | null;
  status: MembershipStatus;
  current_period_end: string | null;
  /** 0 or 1. */
  cancel_at_period_end: number;
  /** Unix seconds of the provider's word this state comes from. */
  state_at: number;
  updated_at: string;
  /** When the shop first heard of it, and when it was cancelled (docs/product.md#sales-figures). */
  started_at: string | null;
  ended_at: string | null;
}

/** An administrator's action (docs/product.md#audit-trail). */
export interface AdminActionTable {
  id: string;
  at: string;
  /** The administrator's e-mail address. */
  actor: string;
  action: string;
  subject_type: 'order' | 'record' | 'data_request';
  subject_id: string;
  /** JSON of the fields the action touched, or null. */
  before_state: string | null;
  after_state: string | null;
}

/** A consumer's withdrawal from a contract (docs/product.md#withdrawal). */
export interface WithdrawalTable {
  id: string;
  order_id: string;
  checkout_session_id: string;
  /** The order's public number, as the acknowledgement and support name it. */
  order_number: string;
  email: string;
  product_name: string;
  received_at: string;
  channel: 'account' | 'reference';
  language: 'en' | 'it';
  /**
   * When it took effect: confirmed from the mailbox, or at once when asked signed in; null while
   * a withdrawal asked signed out waits for its confirmation. Its refund is the order's refund
   * of reason `withdrawal` (order_refunds).
   */
  confirmed_at: string | null;
  /** What the withdrawal gives back: the order's total. */
  amount_refunded: number;
  currency: string;
}

/** A buyer's request about their data (docs/product.md#your-data). */
export interface DataRequestTable {
  id: string;
  kind: 'erasure';
  /** The buyer's address while pending; the erased placeholder once processed. */
  email: string;
  user_id: string | null;
  status: 'pending' | 'completed';
  requested_at: string;
  processed_at: string | null;
  /** The administrator's e-mail address. */
  processed_by: string | null;
  /** JSON of the ErasureOutcome, once processed. */
  outcome: string | null;
}

/** An answer to the cookie banner (docs/product.md#cookie-consent). */
export interface ConsentRecordTable {
  id: string;
  /** The random id the browser keeps for its answers. */
  consent_id: string;
  choice: 'accepted' | 'declined' | 'withdrawn';
  text_version: string;
  language: 'en' | 'it';
  recorded_at: string;
  /** Who was signed in when they answered, if anyone. */
  user_id: string | null;
  email: string | null;
}

export interface WebhookEventTable {
  id: string;
  type: string;
  received_at: string;
}

export interface MailOutboxTable {
  id: string;
  /** Makes enqueueing idempotent, e.g. `order-confirmation:<order id>`. */
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'pending' | 'sent';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  reply_to: string | null;
  /** The one-click unsubscribe address of a message that is not needed for an order (RFC 8058). */
  list_unsubscribe: string | null;
}

export interface ContactSubmissionTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  child_age: string | null;
  created_at: string;
}

export interface SignInCodeRequestTable {
  id: string;
  email: string;
  requested_at: string;
  /** The client that asked (an IPv6 address by its /64); null for requests made before it was kept. */
  client: string | null;
  /**
   * The code's HMAC, and that of the key of the browser it was sent to (its cookie); null for
   * requests made before codes were the shop's own, and the code's for a request answered by a
   * sign-in link while the address is paused (docs/product.md#sign-in-codes).
   */
  code_hash: string | null;
  browser_hash: string | null;
  failed_attempts: Generated<number>;
  expires_at: string | null;
  used_at: string | null;
}

/** A request for fresh download links by e-mail (docs/product.md#e-mail-my-links). */
export interface DownloadLinkRequestTable {
  id: string;
  /** HMAC of the lower-cased address: the table only needs to tell addresses apart. */
  address_key: string;
  requested_at: string;
}

export interface ReadinessProbeTable {
  id: string;
  checked_at: string;
}

/** What a library link opened on one device (docs/product.md#library); `id` is the cookie's hash. */
export interface LibrarySessionTable {
  id: string;
  order_id: string;
  generation: number;
  email: string;
  created_at: string;
  expires_at: string;
  /** The kind of device, as its browser names itself ('Chrome on Android'), or null. */
  device: string | null;
}

/**
 * Which library link of an order works, once one was retired (docs/product.md#library); an
 * order without a row is at generation 1.
 */
export interface LibraryLinkTable {
  order_id: string;
  generation: number;
}

/** Where an address left a file: a PDF's page, an audiobook's millisecond. */
export interface LibraryProgressTable {
  email: string;
  file_key: string;
  position: number;
  version: number;
  /** When the buyer reached it (on their device); the newest reached is the one kept. */
  reached_at: string;
  updated_at: string;
}

/** When the shop first saw a member resource published (docs/product.md#member-resources). */
export interface MemberResourceSeenTable {
  resource_id: string;
  first_seen_at: string;
}

/** A member resource's e-mail to one address, queued once. */
export interface MemberResourceMailTable {
  resource_id: string;
  email: string;
  queued_at: string;
}

/** A day's orders in one currency, kept by the database (migration 0015, docs/product.md#sales-figures). */
export interface SalesDayTable {
  currency: string;
  day: string;
  orders_placed: number;
  orders_kept: number;
  revenue: number;
  tax: number;
  refunded_orders: number;
  refunded_amount: number;
  first_orders: number;
}

/** A day's units and line amounts of one product, kept by the database. */
export interface SalesProductDayTable {
  currency: string;
  day: string;
  product_id: string;
  product_name: string;
  units: number;
  sales: number;
}

/** How many times one step of the way to payment was taken on one day; nothing else. */
export interface FunnelDayTable {
  day: string;
  step: string;
  count: number;
}

/** docs/product.md#keeping-in-touch */
export type ScheduledMessageKind =
  'welcome-start' | 'welcome-check-in' | 'review-request' | 'checkout-reminder';

export interface ScheduledMessageTable {
  id: string;
  kind: ScheduledMessageKind;
  /** The order (welcome, review request) or checkout session (reminder) it is about. */
  subject_id: string;
  email: string;
  due_at: string;
  status: 'pending' | 'sent' | 'cancelled';
  /** JSON the kind needs beyond its subject (the provider's recovery address). */
  details: string | null;
  cancel_reason: string | null;
  created_at: string;
  done_at: string | null;
}

export interface NewsletterSubscriberTable {
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** Where it asked to join; null for an address that only ever unsubscribed (from a welcome). */
  source: 'footer' | 'blog' | 'checkout' | null;
  language: 'en' | 'it';
  /** What it agreed to, in the words and version it was shown. */
  consent_text: string | null;
  consent_version: string | null;
  /** The paid order whose news box confirmed the address (source `checkout`). */
  order_id: string | null;
  requested_at: string | null;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export interface NewsletterIssueTable {
  /** The CMS's document id. */
  id: string;
  subject: string;
  recipients: number;
  started_at: string;
}

export interface ReviewTable {
  id: string;
  order_id: string;
  product_id: string;
  product_name: string;
  rating: number;
  text: string;
  first_name: string | null;
  child_age: string | null;
  submitted_at: string;
  /** Set once the CMS has the review (it waits there for approval). */
  cms_document_id: string | null;
  delivery_attempts: Generated<number>;
  /** When its buyer was erased: its words and names are gone, its CMS copy is being taken back. */
  erased_at: Generated<string | null>;
}

/** A job's last run (src/jobs.ts), whichever replica ran it. */
export interface JobRunTable {
  name: string;
  last_started_at: string;
  last_finished_at: string;
  last_outcome: 'ok' | 'failed';
  /** What the last run did: messages sent, refunds made, rows swept. */
  last_done: number;
  last_failed_at: string | null;
  /** The last failure's words, cut to 500 characters. */
  last_error: string | null;
}

export interface Database {
  products: ProductTable;
  checkout_sessions: CheckoutSessionTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  entitlements: EntitlementTable;
  order_refunds: OrderRefundTable;
  order_refund_lines: OrderRefundLineTable;
  disputes: DisputeTable;
  download_events: DownloadEventTable;
  subscription_records: SubscriptionRecordTable;
  memberships: MembershipTable;
  admin_actions: AdminActionTable;
  withdrawals: WithdrawalTable;
  data_requests: DataRequestTable;
  consent_records: ConsentRecordTable;
  webhook_events: WebhookEventTable;
  mail_outbox: MailOutboxTable;
  scheduled_messages: ScheduledMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  newsletter_issues: NewsletterIssueTable;
  reviews: ReviewTable;
  contact_submissions: ContactSubmissionTable;
  sign_in_code_requests: SignInCodeRequestTable;
  download_link_requests: DownloadLinkRequestTable;
  readiness_probe: ReadinessProbeTable;
  library_sessions: LibrarySessionTable;
  library_links: LibraryLinkTable;
  library_progress: LibraryProgressTable;
  member_resources_seen: MemberResourceSeenTable;
  member_resource_mails: MemberResourceMailTable;
  sales_days: SalesDayTable;
  sales_product_days: SalesProductDayTable;
  funnel_days: FunnelDayTable;
  job_runs: JobRunTable;
}
