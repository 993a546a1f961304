/**
 * The member resources' rules in the CMS (docs/product.md#member-resources): their files are
 * recognised however their address is spelled, a recording is published with its transcript,
 * and the commerce service reads each file's exact size and version.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errors } from '@strapi/utils';
import { resourceForCommerce, type UploadedFile } from './for-commerce';
import type { Core } from '@strapi/strapi';
import {
  filePathsOf,
  isMemberFile,
  refreshMemberFilePaths,
  servedPath,
  type MediaFile,
} from './member-files';
import { assertTranscriptWithRecording, TRANSCRIPT_REQUIRED } from './transcript-required';

const file = (fields: Partial<UploadedFile>): UploadedFile => ({
  id: 7,
  name: 'March worksheet.pdf',
  url: '/uploads/March_worksheet_a1b2c3.pdf',
  mime: 'application/pdf',
  size: 2.69,
  hash: 'March_worksheet_a1b2c3',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

/** The CMS's member resources as its database answers them: here, one recording or none. */
const guardFilesOf = (recordings: MediaFile[]) =>
  refreshMemberFilePaths({
    db: { query: () => ({ findMany: async () => recordings.map((recording) => ({ recording })) }) },
  } as unknown as Core.Strapi);

describe("a member resource's files", () => {
  afterEach(() => guardFilesOf([]));

  it('are every address of the worksheets and the recording, resized copies included', () => {
    expect(
      filePathsOf({
        worksheets: [
          { url: '/uploads/a.pdf' },
          { url: '/uploads/b.pdf', formats: { thumbnail: { url: '/uploads/thumbnail_b.png' } } },
        ],
        recording: { url: '/uploads/qa.mp3' },
      }),
    ).toEqual(['/uploads/a.pdf', '/uploads/b.pdf', '/uploads/thumbnail_b.png', '/uploads/qa.mp3']);
    expect(filePathsOf({ worksheets: null, recording: null })).toEqual([]);
  });

  it.each([
    '/uploads/qa.mp3',
    '//uploads/qa.mp3',
    '/uploads//qa.mp3',
    '/%75ploads/qa.mp3',
    '/uploads/%71a.mp3',
    '/uploads/../uploads/qa.mp3',
    '/x/../uploads/./qa.mp3',
  ])('are recognised at %s, which the file server reads as the same file', async (requested) => {
    await guardFilesOf([{ url: '/uploads/qa.mp3' }]);
    expect(isMemberFile(requested)).toBe(true);
  });

  it('leave other uploads alone, and an address that does not decode', async () => {
    await guardFilesOf([{ url: '/uploads/qa.mp3' }]);
    expect(isMemberFile('/uploads/photo.webp')).toBe(false);
    expect(isMemberFile('/uploads/qa.mp3.bak')).toBe(false);
    expect(servedPath('/uploads/%E0%A4%A')).toBeNull();
    expect(isMemberFile('/uploads/%E0%A4%A')).toBe(false);
  });
});

describe('publishing a resource with a recording', () => {
  it('is refused without a transcript, saying so under the transcript field', () => {
    for (const transcript of [undefined, null, '', '  \n ']) {
      let thrown: unknown;
      try {
        assertTranscriptWithRecording({ recording: { id: 3 }, transcript });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(errors.ValidationError);
      expect(thrown).toMatchObject({
        message: TRANSCRIPT_REQUIRED,
        details: { errors: [expect.objectContaining({ path: ['transcript'] })] },
      });
    }
  });

  it('is allowed with a transcript, and a resource without a recording needs none', () => {
    expect(() =>
      assertTranscriptWithRecording({ recording: 3, transcript: 'What is said.' }),
    ).not.toThrow();
    expect(() => assertTranscriptWithRecording({ recording: null })).not.toThrow();
    expect(() => assertTranscriptWithRecording({ recording: [] })).not.toThrow();
    expect(() => assertTranscriptWithRecording({})).not.toThrow();
  });
});

describe('what the commerce service reads', () => {
  let publicDir: string;
  beforeAll(() => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'cms-public-'));
    mkdirSync(path.join(publicDir, 'uploads'));
    writeFileSync(path.join(publicDir, 'uploads/March_worksheet_a1b2c3.pdf'), 'x'.repeat(2759));
  });
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

  it('names each file, with its exact size on disk and a version that changes with it', () => {
    const resource = resourceForCommerce(
      {
        documentId: 'abc123',
        title: 'Morning routines',
        month: '2026-03',
        description: 'A calm morning, step by step.',
        transcript: ' What is said. ',
        publishedAt: '2026-03-02T08:00:00.000Z',
        questions: [{ title: 'How many steps?', start: '0:18' }],
        worksheets: [file({})],
        recording: file({
          id: 8,
          name: 'qa.mp3',
          caption: 'Morning routines Q&A',
          url: '/uploads/qa_d4e5f6.mp3',
          mime: 'audio/mpeg',
          size: 110.01,
          hash: 'qa_d4e5f6',
        }),
      },
      publicDir,
    );
    expect(resource).toEqual({
      id: 'abc123',
      title: 'Morning routines',
      month: '2026-03',
      description: 'A calm morning, step by step.',
      transcript: 'What is said.',
      publishedAt: '2026-03-02T08:00:00.000Z',
      questions: [{ title: 'How many steps?', start: '0:18' }],
      files: [
        {
          id: '7',
          kind: 'pdf',
          name: 'March worksheet',
          url: '/uploads/March_worksheet_a1b2c3.pdf',
          mime: 'application/pdf',
          size: 2759,
          version: `March_worksheet_a1b2c3-${Date.parse('2026-03-01T10:00:00.000Z')}`,
          updatedAt: '2026-03-01T10:00:00.000Z',
        },
        {
          id: '8',
          kind: 'audio',
          name: 'Morning routines Q&A',
          url: '/uploads/qa_d4e5f6.mp3',
          mime: 'audio/mpeg',
          // Not on this disk: Strapi's kilobytes.
          size: 112650,
          version: `qa_d4e5f6-${Date.parse('2026-03-01T10:00:00.000Z')}`,
          updatedAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    });
  });
});
