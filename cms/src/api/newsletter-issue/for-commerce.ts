/**
 * What the commerce service reads of a newsletter issue (docs/product.md#keeping-in-touch): the
 * words it renders into the e-mail, with an empty optional field as null, so that what it sends
 * does not depend on how the admin saved a cleared field.
 */
export interface StoredIssue {
  documentId: string;
  subject: string;
  previewLine?: string | null;
  body: string;
  buttonLabel?: string | null;
  buttonUrl?: string | null;
  publishedAt?: string | null;
}

export interface IssueContent {
  documentId: string;
  subject: string;
  previewLine: string | null;
  body: string;
  buttonLabel: string | null;
  buttonUrl: string | null;
}

export interface IssueForCommerce extends IssueContent {
  publishedAt: string;
}

const optional = (value: string | null | undefined) => value?.trim() || null;

/** An issue's content, as the preview sends it and the published list carries it. */
export function issueContent(issue: StoredIssue): IssueContent {
  return {
    documentId: issue.documentId,
    subject: issue.subject.trim(),
    previewLine: optional(issue.previewLine),
    body: issue.body,
    buttonLabel: optional(issue.buttonLabel),
    buttonUrl: optional(issue.buttonUrl),
  };
}

/** A published issue, with the time it was published. */
export function issueForCommerce(issue: StoredIssue): IssueForCommerce {
  return { ...issueContent(issue), publishedAt: String(issue.publishedAt) };
}
