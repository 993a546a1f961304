'use client';
/** `/library/members/{resource}/read/{file}`: a member's worksheet, stamped for them, in the reader. */
import Link from 'next/link';
import { MemberResourceGate } from './member-resource';
import { PdfReader } from './pdf-reader';

export function MemberWorksheetScreen({
  resourceId,
  fileId,
}: {
  resourceId: string;
  fileId: string;
}) {
  return (
    <MemberResourceGate resourceId={resourceId}>
      {(resource) => {
        const file = resource.files.find(
          (entry) => entry.fileId === fileId && entry.kind === 'pdf',
        );
        if (!file) {
          return (
            <p role="alert">
              This worksheet is not available.{' '}
              <Link
                href={`/library/members/${resource.id}`}
                className="font-semibold text-emerald-800 underline"
              >
                Back to {resource.title}
              </Link>
            </p>
          );
        }
        return (
          <PdfReader
            fileKey={null}
            url={file.streamUrl}
            title={file.label}
            downloadUrl={file.streamUrl}
            startPage={1}
          />
        );
      }}
    </MemberResourceGate>
  );
}
