/**
 * A member resource with a recording is published with its transcript
 * (docs/product.md#member-resources), for members who cannot listen. A draft may wait for it;
 * publishing, from the admin or in one step with a create or update, is refused without it,
 * with the message under the transcript field.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MEMBER_RESOURCE } from './member-files';

export const TRANSCRIPT_REQUIRED =
  'A resource with a recording needs its transcript before it is published: paste what is said, so that members who cannot listen can read it.';

export interface RecordingAndTranscript {
  recording?: unknown;
  transcript?: string | null;
}

/** Refuses a resource that has a recording and no transcript. */
export function assertTranscriptWithRecording(resource: RecordingAndTranscript): void {
  const recording = resource.recording;
  const hasRecording =
    recording !== null &&
    recording !== undefined &&
    !(Array.isArray(recording) && recording.length === 0);
  if (!hasRecording || resource.transcript?.trim()) return;
  throw new errors.ValidationError(TRANSCRIPT_REQUIRED, {
    errors: [{ path: ['transcript'], message: TRANSCRIPT_REQUIRED, name: 'ValidationError' }],
  });
}

interface DocumentContext {
  uid: string;
  action: string;
  params: {
    documentId?: string;
    locale?: string;
    status?: string;
    data?: RecordingAndTranscript;
  };
}

/** Checks every publication of a member resource before the document service makes it. */
export function requireTranscriptToPublish(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const { uid, action, params } = context as unknown as DocumentContext;
    if (uid !== MEMBER_RESOURCE) return next();
    const publishes =
      action === 'publish' ||
      ((action === 'create' || action === 'update') && params.status === 'published');
    if (!publishes) return next();
    // What will be published: the draft as it is, with what this call changes in it.
    const draft = params.documentId
      ? ((await strapi.documents(MEMBER_RESOURCE).findOne({
          documentId: params.documentId,
          ...(params.locale ? { locale: params.locale } : {}),
          status: 'draft',
          fields: ['transcript'],
          populate: ['recording'],
        })) as RecordingAndTranscript | null)
      : null;
    assertTranscriptWithRecording({ ...draft, ...params.data });
    return next();
  });
}
