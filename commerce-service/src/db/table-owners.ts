/**
 * Who writes each table (docs/adr/0045-each-table-written-by-its-owner.md): the one commerce
 * module (or, for the shop's own machinery, the one file of src/) whose SQL inserts, updates
 * and deletes its rows. Every other part reads it, or asks the owner through its service.ts.
 * `npm run lint` checks the code against this map (scripts/check-table-owners.mjs): a write
 * by anyone else fails.
 */
export const TABLE_OWNERS = {
  products: 'catalogue',
  checkout_sessions: 'checkout',
  orders: 'orders',
  order_lines: 'orders',
  entitlements: 'orders',
  webhook_events: 'orders',
  order_refunds: 'orders',
  order_refund_lines: 'orders',
  disputes: 'disputes',
  download_events: 'downloads',
  download_link_requests: 'downloads',
  library_links: 'downloads',
  subscription_records: 'orders',
  memberships: 'memberships',
  admin_actions: 'audit',
  withdrawals: 'withdrawals',
  data_requests: 'privacy',
  consent_records: 'consents',
  mail_outbox: 'mail',
  scheduled_messages: 'scheduled-messages',
  newsletter_subscribers: 'newsletter',
  newsletter_issues: 'newsletter',
  reviews: 'reviews',
  contact_submissions: 'forms',
  sign_in_code_requests: 'auth',
  // Better Auth's own tables (src/modules/auth/better-auth.ts).
  user: 'auth',
  session: 'auth',
  account: 'auth',
  verification: 'auth',
  readiness_probe: 'db',
  library_sessions: 'library',
  library_progress: 'library',
  member_resources_seen: 'member-content',
  member_resource_mails: 'member-content',
  // Kept by the database's triggers (migration 0015): no code writes them.
  sales_days: 'sales',
  sales_product_days: 'sales',
  funnel_days: 'funnel',
  job_runs: 'jobs',
} as const;
