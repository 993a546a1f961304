import type { Core } from '@strapi/strapi';

/** Creates the first admin-panel account (super admin) when it does not exist yet. */
export async function ensureAdminAccount(
  strapi: Core.Strapi,
  account: { email: string; password: string },
) {
  const users = strapi.service('admin::user');
  if (await users.exists({ email: account.email })) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  await users.create({
    email: account.email,
    firstname: 'Shop',
    lastname: 'Editor',
    password: account.password,
    registrationToken: null,
    isActive: true,
    roles: superAdmin ? [superAdmin.id] : [],
  });
  strapi.log.info(`Created the admin-panel account ${account.email}`);
}
