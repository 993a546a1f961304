/**
 * A newsletter issue's button (docs/product.md#keeping-in-touch) is a label and a web address,
 * both or neither, the address an http(s) one that every mail client opens. Checked on every
 * save, drafts included, because 'Send me a preview' e-mails the saved draft: what is saved is
 * always something the commerce service can send.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export const NEWSLETTER_ISSUE = 'api::newsletter-issue.newsletter-issue';

export const BUTTON_URL_INVALID =
  "The button's address must be a full web address starting with https:// (or http://), such as https://www.example.com/page.";
export const BUTTON_URL_MISSING =
  'A button needs an address as well as its label: add the address it opens, or clear the label.';
export const BUTTON_LABEL_MISSING =
  'A button needs a label as well as its address: add the words it shows, or clear the address.';

export interface ButtonLink {
  buttonLabel?: string | null;
  buttonUrl?: string | null;
}

const given = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** Whether a text is an absolute http(s) address, as a mail client's link needs. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

function refuse(field: keyof ButtonLink, message: string): never {
  throw new errors.ValidationError(message, {
    errors: [{ path: [field], message, name: 'ValidationError' }],
  });
}

/** Refuses a half button, or an address that is not a web address, under the field at fault. */
export function assertButtonLink({ buttonLabel, buttonUrl }: ButtonLink): void {
  if (given(buttonUrl) && !isWebAddress(buttonUrl.trim())) refuse('buttonUrl', BUTTON_URL_INVALID);
  if (given(buttonLabel) && !given(buttonUrl)) refuse('buttonUrl', BUTTON_URL_MISSING);
  if (given(buttonUrl) && !given(buttonLabel)) refuse('buttonLabel', BUTTON_LABEL_MISSING);
}

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: string; locale?: string; data?: ButtonLink };
}

/** Checks every write and publication of an issue before the document service makes it. */
export function requireWholeButtonLinks(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const { uid, action, params } = context as unknown as DocumentContext;
    if (uid !== NEWSLETTER_ISSUE || !['create', 'update', 'publish'].includes(action)) {
      return next();
    }
    // An update or a publication concerns the saved draft, with what this call changes in it.
    const draft =
      action !== 'create' && params.documentId
        ? ((await strapi.documents(NEWSLETTER_ISSUE).findOne({
            documentId: params.documentId,
            ...(params.locale ? { locale: params.locale } : {}),
            status: 'draft',
            fields: ['buttonLabel', 'buttonUrl'],
          })) as ButtonLink | null)
        : null;
    assertButtonLink({ ...draft, ...params.data });
    return next();
  });
}
