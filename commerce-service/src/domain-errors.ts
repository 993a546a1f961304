/**
 * The shop's own reasons to refuse a request, as the services throw them. Each says what went
 * wrong in the words the caller's screen shows, and nothing about HTTP: the errors plugin
 * (plugins/errors.ts) gives every kind its status, and every route family its body, in one table.
 */

export type DomainErrorKind =
  | 'invalid-input'
  | 'not-signed-in'
  | 'not-allowed'
  | 'not-found'
  | 'conflict'
  | 'expired'
  | 'out-of-range'
  | 'limit-reached'
  | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  /** `details` says more than the message where a caller reads it (each wrong form field). */
  constructor(
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The base class of the errors of one kind. */
function ofKind<Kind extends DomainErrorKind>(kind: Kind) {
  abstract class OfKind extends DomainError {
    readonly kind = kind;
  }
  return OfKind;
}

/** What was sent cannot be used: an unknown product, a malformed event, a wrong field. */
export class InvalidInputError extends ofKind('invalid-input') {}

/** Only someone signed in may do this, or the sign-in itself was refused. */
export class NotSignedInError extends ofKind('not-signed-in') {}

/** The caller is known, or holds a link, and it does not allow this. */
export class NotAllowedError extends ofKind('not-allowed') {}

export class NotFoundError extends ofKind('not-found') {}

/** The request is fine, but the state of what it names forbids it (cancelled, not paid yet). */
export class ConflictError extends ofKind('conflict') {}

/** It was valid once and no longer is: an expired download link. */
export class ExpiredError extends ofKind('expired') {}

/** A part of a file that lies outside it; the file's size tells the caller what there is. */
export class OutOfRangeError extends ofKind('out-of-range') {
  constructor(
    message: string,
    readonly fileSize: number,
  ) {
    super(message);
  }
}

/** Too many of these from one address for now: more would be a bot or a loop. */
export class LimitReachedError extends ofKind('limit-reached') {}

/**
 * Something the shop lacks (a setting, a file), so it cannot do this now. Outages of the
 * database or Stripe are not thrown as this: the errors plugin recognises them by itself.
 */
export class UnavailableError extends ofKind('unavailable') {}
