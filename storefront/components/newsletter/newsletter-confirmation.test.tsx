import { render, screen } from '@testing-library/react';
import { CommerceError } from '@/lib/commerce/client';
import { confirmNewsletterSubscription } from '@/lib/commerce/keeping-in-touch';
import { NewsletterConfirmation } from './newsletter-confirmation';

jest.mock('@/lib/commerce/keeping-in-touch', () => ({
  confirmNewsletterSubscription: jest.fn(),
}));

const confirm = jest.mocked(confirmNewsletterSubscription);
const NOT_VALID =
  'This confirmation link is not valid or has expired: sign up again to get a new one.';

/** The page as the server renders it for this link. */
async function open(token: string | undefined, language: 'en' | 'it' = 'en') {
  render(await NewsletterConfirmation({ token, language }));
}

beforeEach(() => jest.clearAllMocks());

describe('the confirmation link’s page', () => {
  it('confirms the subscription and says so, with the address and the way to the blog', async () => {
    confirm.mockResolvedValue({ email: 'parent@example.com', status: 'confirmed' });
    await open('signed-token');
    expect(confirm).toHaveBeenCalledWith('signed-token');
    expect(screen.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
    expect(screen.getByText(/parent@example\.com will get our newsletter/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the latest articles' })).toHaveAttribute(
      'href',
      '/blog',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the shop's words for an expired or altered link, and the form to sign up again", async () => {
    confirm.mockRejectedValue(new CommerceError('refused', 404, NOT_VALID));
    await open('altered');
    expect(screen.getByText(NOT_VALID)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Newsletter sign-up' })).toBeInTheDocument();
  });

  it('says a link without its token is not valid, without asking the shop', async () => {
    await open(undefined);
    expect(screen.getByText(NOT_VALID)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('says to open the link again later when the shop cannot be reached, and offers no new sign-up', async () => {
    confirm.mockRejectedValue(new CommerceError('no-answer', null, null));
    await open('signed-token');
    expect(
      screen.getByRole('heading', { name: 'We could not confirm your subscription yet' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'We could not reach the shop. Please open the link in your e-mail again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('speaks Italian for a link from an Italian e-mail, its refusal too', async () => {
    confirm.mockResolvedValueOnce({ email: 'genitore@example.com', status: 'confirmed' });
    await open('signed-token', 'it');
    expect(screen.getByRole('heading', { name: 'Iscrizione confermata' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'it');

    confirm.mockRejectedValueOnce(new CommerceError('refused', 404, NOT_VALID));
    await open('altered', 'it');
    expect(
      screen.getByText(
        'Questo link di conferma non è valido o è scaduto: iscriviti di nuovo per riceverne uno nuovo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iscriviti' })).toBeInTheDocument();
  });
});
