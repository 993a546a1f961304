import type { Core } from '@strapi/strapi';

const PERMISSION = 'plugin::users-permissions.permission';

/**
 * Lets anonymous visitors call find and findOne (published entries only) on these types, or
 * only the actions given.
 */
export async function grantPublicRead(
  strapi: Core.Strapi,
  contentTypes: readonly string[],
  verbs: readonly ('find' | 'findOne')[] = ['find', 'findOne'],
) {
  const publicRole = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!publicRole) throw new Error('The users-permissions public role is missing');
  for (const uid of contentTypes) {
    for (const verb of verbs) {
      const action = `${uid}.${verb}`;
      const existing = await strapi.db.query(PERMISSION).findOne({
        where: { action, role: publicRole.id },
      });
      if (!existing) {
        await strapi.db.query(PERMISSION).create({ data: { action, role: publicRole.id } });
      }
    }
  }
}

/**
 * The shop has no CMS accounts for visitors: public sign-up through the users-permissions
 * plugin (`/api/auth/local/register`) is turned off, so nobody gains a role by registering.
 */
export async function disablePublicRegistration(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register === false) return;
  await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });
}
