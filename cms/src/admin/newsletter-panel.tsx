/**
 * The Newsletter panel of an issue's edit view (docs/product.md#keeping-in-touch): how many
 * confirmed subscribers an issue would reach, how far a published issue's sending is, and
 * 'Send me a preview', which e-mails the saved draft to the signed-in marketer. Its figures and
 * the preview come from the commerce service through the CMS's admin routes
 * (src/api/newsletter-issue/panel-routes.ts); when the shop cannot answer, the panel says so.
 */
import * as React from 'react';
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { isFetchError, useFetchClient, useForm } from '@strapi/strapi/admin';
import type { PanelComponent } from '@strapi/content-manager/strapi-admin';

const NEWSLETTER_ISSUE = 'api::newsletter-issue.newsletter-issue';
/** While an issue is being sent, its figures are read again this often. */
const SENDING_REFRESH_MS = 10_000;
/** When even the CMS does not answer (the shop's own failures come with their words). */
const FIGURES_UNAVAILABLE = 'The newsletter figures cannot be loaded right now: try again in a moment.';

interface NewsletterCounts {
  subscribers: { confirmed: number; pending: number; unsubscribed: number };
  issue: null | { recipients: number; sent: number; startedAt: string };
}

type Figures =
  | { state: 'loading' }
  | { state: 'ready'; counts: NewsletterCounts }
  | { state: 'failed'; message: string };

type Preview = { state: 'idle' } | { state: 'sending' } | { state: 'done'; message: string; ok: boolean };

const messageOf = (error: unknown, fallback: string) =>
  isFetchError(error) && error.message ? error.message : fallback;

const subscribers = (count: number) =>
  `${count.toLocaleString('en-GB')} confirmed ${count === 1 ? 'subscriber' : 'subscribers'}`;

function NewsletterPanelContent({
  documentId,
  version,
}: {
  documentId: string | undefined;
  /** Changes when the issue is saved or published, so that the figures are read again. */
  version: string;
}) {
  const { get, post } = useFetchClient();
  const modified = useForm('NewsletterPanel', (state) => state.modified);
  const [figures, setFigures] = React.useState<Figures>({ state: 'loading' });
  const [preview, setPreview] = React.useState<Preview>({ state: 'idle' });

  const sending =
    figures.state === 'ready' &&
    figures.counts.issue !== null &&
    figures.counts.issue.sent < figures.counts.issue.recipients;

  React.useEffect(() => {
    let current = true;
    const read = async () => {
      const query = documentId ? `?issue=${encodeURIComponent(documentId)}` : '';
      try {
        const { data } = await get<NewsletterCounts>(`/newsletter-panel/counts${query}`);
        if (current) setFigures({ state: 'ready', counts: data });
      } catch (error) {
        if (current) setFigures({ state: 'failed', message: messageOf(error, FIGURES_UNAVAILABLE) });
      }
    };
    void read();
    const timer = sending ? setInterval(() => void read(), SENDING_REFRESH_MS) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [get, documentId, version, sending]);

  const sendPreview = async () => {
    setPreview({ state: 'sending' });
    try {
      const { data } = await post<{ message: string }>('/newsletter-panel/preview', { documentId });
      setPreview({ state: 'done', ok: true, message: data.message });
    } catch (error) {
      setPreview({ state: 'done', ok: false, message: messageOf(error, FIGURES_UNAVAILABLE) });
    }
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={3} width="100%">
      {figures.state === 'loading' && (
        <Typography variant="omega" textColor="neutral600">
          Loading the list…
        </Typography>
      )}
      {figures.state === 'failed' && (
        <Typography variant="omega" textColor="danger600" role="alert">
          {figures.message}
        </Typography>
      )}
      {figures.state === 'ready' && (
        <Flex direction="column" alignItems="stretch" gap={1}>
          <Typography variant="omega" fontWeight="bold">
            {subscribers(figures.counts.subscribers.confirmed)}
          </Typography>
          {figures.counts.issue ? (
            <>
              {sending && (
                <Typography variant="omega" textColor="warning600">
                  Sending…
                </Typography>
              )}
              <Typography variant="omega">
                Sent to {figures.counts.issue.sent.toLocaleString('en-GB')} of{' '}
                {figures.counts.issue.recipients.toLocaleString('en-GB')}
              </Typography>
            </>
          ) : (
            <Typography variant="pi" textColor="neutral600">
              Not sent yet: publishing sends it once to every confirmed subscriber.
            </Typography>
          )}
        </Flex>
      )}
      <Box>
        <Button
          variant="secondary"
          fullWidth
          disabled={!documentId}
          loading={preview.state === 'sending'}
          onClick={() => void sendPreview()}
        >
          Send me a preview
        </Button>
      </Box>
      {!documentId && (
        <Typography variant="pi" textColor="neutral600">
          Save the issue to send yourself a preview.
        </Typography>
      )}
      {documentId && modified && (
        <Typography variant="pi" textColor="neutral600">
          The preview sends the saved draft: save your changes first.
        </Typography>
      )}
      {preview.state === 'done' && (
        <Typography
          variant="omega"
          textColor={preview.ok ? 'success600' : 'danger600'}
          role={preview.ok ? 'status' : 'alert'}
        >
          {preview.message}
        </Typography>
      )}
    </Flex>
  );
}

export const NewsletterPanel: PanelComponent = ({ model, documentId, document }) => {
  if (model !== NEWSLETTER_ISSUE) return null;
  return {
    title: 'Newsletter',
    content: (
      <NewsletterPanelContent
        documentId={documentId}
        version={`${String(document?.updatedAt ?? '')}|${String(document?.publishedAt ?? '')}`}
      />
    ),
  };
};
