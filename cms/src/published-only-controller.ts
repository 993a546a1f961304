/**
 * A core controller whose public reads see published entries only. Strapi 5 honours
 * `?status=draft` from any caller, so the status is forced unless an API token asks.
 */
import { factories } from '@strapi/strapi';
import type { UID } from '@strapi/strapi';

type Context = {
  query: Record<string, unknown>;
  state: { auth?: { strategy?: { name?: string } } };
};

function forcePublishedUnlessToken(ctx: Context) {
  if (ctx.state.auth?.strategy?.name === 'api-token') return;
  const { status: _status, publicationState: _publicationState, ...rest } = ctx.query;
  ctx.query = { ...rest, status: 'published' };
}

export function publishedOnlyController(uid: UID.ContentType) {
  // Strapi sets the core controller as the prototype, so `super` reaches its find and findOne.
  return factories.createCoreController(uid, () => ({
    async find(ctx: Context) {
      forcePublishedUnlessToken(ctx);
      return super.find(ctx);
    },
    async findOne(ctx: Context) {
      forcePublishedUnlessToken(ctx);
      return super.findOne(ctx);
    },
  }));
}
