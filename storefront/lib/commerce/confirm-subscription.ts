/**
 * Asks the commerce service to confirm a subscription purchase (spec §7). Fulfilment already
 * created the record; the service re-checks the session and answers idempotently, so this only
 * covers a webhook that has not arrived yet. A failure is logged and never shown (spec §7).
 */
export async function confirmSubscriptionRecord(sessionId: string): Promise<void> {
  try {
    const response = await fetch('/api/subscription-records', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    if (!response.ok) console.error('Saving the subscription record failed', response.status);
  } catch (error) {
    console.error('Saving the subscription record failed', error);
  }
}
