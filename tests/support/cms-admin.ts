/**
 * Content changes as a marketer makes them, through Strapi's admin API (the same calls the
 * admin UI sends), and their undoing: journeys that add content remove it again.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** The CMS's development account (cms/src/development-admin.json). */
export const CMS_EDITOR = { email: 'editor@example.com', password: 'Editor-dev-2025' };

export type CollectionUid =
  'api::blog-post.blog-post' | 'api::faq-item.faq-item' | 'api::newsletter-issue.newsletter-issue';

export interface PublishedEntry {
  documentId: string;
  /** Deletes the entry, drafts and published version alike. */
  remove(): Promise<void>;
}

const cmsUrl = () => process.env.E2E_CMS_URL ?? '';

/**
 * The editor's admin token, signed in once per test worker: Strapi allows an account only a
 * few sign-ins within minutes, and the marketer journeys sign in through the admin UI too.
 */
let editorToken: Promise<string> | undefined;

async function signInEditor(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${cmsUrl()}/admin/login`, { data: CMS_EDITOR });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The editor's admin token (see above): every journey that calls the admin API takes this one. */
export function cmsEditorToken(request: APIRequestContext): Promise<string> {
  editorToken ??= signInEditor(request).catch((error: unknown) => {
    editorToken = undefined;
    throw error;
  });
  return editorToken;
}

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await cmsEditorToken(request)}` };
}

/** Creates an entry and publishes it, as Save then Publish in the admin UI. */
export async function publishEntry(
  request: APIRequestContext,
  uid: CollectionUid,
  fields: Record<string, unknown>,
): Promise<PublishedEntry> {
  const headers = await adminHeaders(request);
  const base = `${cmsUrl()}/content-manager/collection-types/${uid}`;
  const created = await request.post(base, { headers, data: fields });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { documentId: string } };
  const published = await request.post(`${base}/${data.documentId}/actions/publish`, {
    headers,
    data: {},
  });
  expect(published.status()).toBe(200);
  return {
    documentId: data.documentId,
    async remove() {
      const deleted = await request.delete(`${base}/${data.documentId}`, { headers });
      expect(deleted.status()).toBe(200);
    },
  };
}
