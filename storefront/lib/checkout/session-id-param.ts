/** `?sessionId=` of a page's search params: the first value, trimmed, or null when absent. */
export function sessionIdParam(
  params: Record<string, string | string[] | undefined>,
): string | null {
  const raw = params.sessionId;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  // The commerce service accepts at most 255 characters; longer is no session of ours.
  return value && value.length <= 255 ? value : null;
}
