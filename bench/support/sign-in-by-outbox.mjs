/**
 * Signs `email` in by e-mail code at `baseUrl` (the commerce service), the code read from the
 * outbox the service queued it in; answers the session's cookies as a Cookie header.
 */
export async function signInByOutbox(db, baseUrl, email) {
  const post = (route, body) =>
    fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/send-otp', { email });
  if (!sent.ok) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const mail = await db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const otp = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
  if (!otp) throw new Error(`no sign-in code was queued for ${email}`);
  const verified = await post('/api/verify-otp', { email, otp });
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}`);
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
