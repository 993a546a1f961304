/**
 * The admin routes behind the Newsletter panel of an issue's edit view
 * (docs/product.md#keeping-in-touch, src/admin/newsletter-panel.tsx): signed-in marketers only,
 * through Strapi's admin API (`/newsletter-panel/*`, authenticated by the admin's token). An
 * app's own `src/api` routes are always content-API routes, so these are registered on the admin
 * API directly. They read the CMS's side and ask the commerce service for the rest.
 */
import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../../env';
import { NEWSLETTER_ISSUE } from './button-link';
import {
  readNewsletterCounts,
  sendIssuePreview,
  type CommerceAnswer,
  type CommerceLink,
} from './commerce-newsletter';
import { issueContent, type StoredIssue } from './for-commerce';

export const NEWSLETTER_PANEL_PREFIX = '/newsletter-panel';

export const SAVE_BEFORE_PREVIEW = 'Save the issue first: the preview sends the saved draft.';

const DOCUMENT_ID = /^[\w-]{1,64}$/;

interface Context {
  query: Record<string, unknown>;
  request: { body?: unknown };
  state: { user?: { email?: string } };
  status: number;
  body: unknown;
}

/** An error in the shape Strapi's own admin routes answer, which the admin's fetch client reads. */
function answerError(ctx: Context, status: number, name: string, message: string) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: {} } };
}

function answer<T>(strapi: Core.Strapi, ctx: Context, result: CommerceAnswer<T>, status: number) {
  if (result.ok) {
    ctx.status = status;
    ctx.body = result.value;
    return;
  }
  if (result.cause) strapi.log.warn(`Newsletter panel: ${result.cause}`);
  answerError(
    ctx,
    result.status,
    result.status === 400 ? 'BadRequestError' : 'BadGatewayError',
    result.message,
  );
}

const commerceLink = (): CommerceLink => {
  const env = cmsEnv();
  return { commerceUrl: env.COMMERCE_URL, secret: env.MEMBER_CONTENT_SECRET };
};

export function newsletterPanelRoutes(strapi: Core.Strapi) {
  const policies = [
    'admin::isAuthenticatedAdmin',
    {
      name: 'admin::hasPermissions',
      config: { actions: [['plugin::content-manager.explorer.read', NEWSLETTER_ISSUE]] },
    },
  ];
  return {
    type: 'admin' as const,
    prefix: NEWSLETTER_PANEL_PREFIX,
    routes: [
      {
        // The list's counts, and with ?issue=<documentId> how far that issue's sending is.
        method: 'GET' as const,
        path: '/counts',
        config: { policies },
        async handler(ctx: Context) {
          const issue = typeof ctx.query.issue === 'string' ? ctx.query.issue : undefined;
          if (issue !== undefined && !DOCUMENT_ID.test(issue)) {
            return answerError(ctx, 400, 'ValidationError', 'issue must be a document id');
          }
          answer(strapi, ctx, await readNewsletterCounts(commerceLink(), issue), 200);
        },
      },
      {
        // 'Send me a preview': the saved draft of { documentId }, to the signed-in marketer.
        method: 'POST' as const,
        path: '/preview',
        config: { policies },
        async handler(ctx: Context) {
          const { documentId } = (ctx.request.body ?? {}) as { documentId?: unknown };
          if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId)) {
            return answerError(ctx, 404, 'NotFoundError', SAVE_BEFORE_PREVIEW);
          }
          const draft = (await strapi.documents(NEWSLETTER_ISSUE).findOne({
            documentId,
            status: 'draft',
          })) as StoredIssue | null;
          if (!draft) return answerError(ctx, 404, 'NotFoundError', SAVE_BEFORE_PREVIEW);
          const to = ctx.state.user?.email;
          if (!to)
            return answerError(ctx, 400, 'BadRequestError', 'Your account has no e-mail address.');
          answer(strapi, ctx, await sendIssuePreview(commerceLink(), to, issueContent(draft)), 202);
        },
      },
    ],
  };
}

/** Adds the panel's routes to the admin API; called from register(), before the server mounts. */
export function registerNewsletterPanelRoutes(strapi: Core.Strapi): void {
  strapi.server.routes(newsletterPanelRoutes(strapi) as never);
}
