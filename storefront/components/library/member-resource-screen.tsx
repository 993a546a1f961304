'use client';
/**
 * `/library/members/{resource}`: a month's resource for a member: its worksheets to read, its
 * recorded Q&A in the player with each question as a chapter, and the recording's transcript.
 */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { MemberResource } from '@aba-shop/contract';
import { AudioPlayer } from './audio-player';
import { MemberResourceGate } from './member-resource';

export const worksheetPath = (resourceId: string, fileId: string) =>
  `/library/members/${resourceId}/read/${fileId}`;

/** The transcript as the marketer wrote it (Markdown), made safe; its renderer loads here only. */
function Transcript({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('@/lib/cms/rich-text').then(({ renderRichText }) => {
      if (!cancelled) setHtml(renderRichText(markdown));
    });
    return () => {
      cancelled = true;
    };
  }, [markdown]);
  return (
    <section aria-labelledby="transcript-heading" className="space-y-2">
      <h2 id="transcript-heading" className="text-xl font-semibold">
        Transcript
      </h2>
      {html === null ? (
        <p className="whitespace-pre-line text-slate-800">{markdown}</p>
      ) : (
        <div
          className="space-y-3 leading-relaxed text-slate-800 [&_a]:text-emerald-800 [&_a]:underline [&_li]:ml-6 [&_ul]:list-disc"
          // Made safe by renderRichText: formatting tags and safe links only.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  );
}

function ResourceView({ resource }: { resource: MemberResource }) {
  const worksheets = resource.files.filter((file) => file.kind === 'pdf');
  const recording = resource.files.find((file) => file.kind === 'audio');
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{resource.description}</p>
      {worksheets.length > 0 ? (
        <section aria-labelledby="worksheets-heading" className="space-y-2">
          <h2 id="worksheets-heading" className="text-xl font-semibold">
            Worksheets
          </h2>
          <ul className="space-y-2">
            {worksheets.map((file) => (
              <li key={file.fileId} className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{file.label}</span>
                <Link
                  href={worksheetPath(resource.id, file.fileId)}
                  className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
                >
                  Read<span className="sr-only"> {file.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {recording ? (
        <section aria-labelledby="recording-heading" className="space-y-2">
          <h2 id="recording-heading" className="text-xl font-semibold">
            {recording.label}
          </h2>
          <AudioPlayer
            fileKey={null}
            url={recording.streamUrl}
            bookTitle={resource.title}
            chapters={resource.questions.map(({ title, startMs }) => ({
              title,
              startSeconds: startMs / 1000,
            }))}
            startMs={0}
            parts={{ one: 'Question', many: 'Questions' }}
          />
        </section>
      ) : null}
      {resource.transcript ? <Transcript markdown={resource.transcript} /> : null}
    </div>
  );
}

export function MemberResourceScreen({ resourceId }: { resourceId: string }) {
  return (
    <MemberResourceGate resourceId={resourceId}>
      {(resource) => <ResourceView resource={resource} />}
    </MemberResourceGate>
  );
}
