import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signUpForNewsletter } from '@/lib/commerce/api/keeping-in-touch';
import { CommerceError } from '@/lib/commerce/client';
import { NewsletterSignUp } from './newsletter-sign-up';

jest.mock('@/lib/commerce/api/keeping-in-touch', () => ({
  ...jest.requireActual('@/lib/commerce/api/keeping-in-touch'),
  signUpForNewsletter: jest.fn(),
}));

const signUp = jest.mocked(signUpForNewsletter);
const ALMOST_THERE = 'Almost there: check your inbox for a link to confirm your subscription.';

beforeEach(() => jest.clearAllMocks());

describe('the newsletter sign-up', () => {
  it('sends the address with the box ticked, and says what happens next', async () => {
    signUp.mockResolvedValue({ message: ALMOST_THERE });
    const user = userEvent.setup();
    render(<NewsletterSignUp source="blog" language="en" />);
    const box = screen.getByRole('checkbox', { name: /Send me the ABA Parent Guides newsletter/ });
    expect(box).not.toBeChecked();
    await user.type(screen.getByLabelText('Your e-mail address'), 'parent@example.com');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(ALMOST_THERE)).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledWith({
      email: 'parent@example.com',
      source: 'blog',
      language: 'en',
      website: '',
    });
  });

  it('asks for the box before sending anything, and moves the keyboard to it', async () => {
    const user = userEvent.setup();
    render(<NewsletterSignUp source="footer" language="en" />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      screen.getByText('Tick the box to agree to receive the newsletter.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(signUp).not.toHaveBeenCalled();
  });

  it("shows the shop's refusal, or a readable message when the shop cannot be reached", async () => {
    const user = userEvent.setup();
    render(<NewsletterSignUp source="footer" language="it" />);
    await user.type(screen.getByLabelText('Il tuo indirizzo e-mail'), 'genitore@example.com');
    await user.click(screen.getByRole('checkbox', { name: /Inviatemi la newsletter/ }));
    signUp.mockRejectedValueOnce(new CommerceError('refused', 429, 'Too many requests.'));
    await user.click(screen.getByRole('button', { name: 'Iscriviti' }));
    expect(await screen.findByText('Too many requests.')).toBeInTheDocument();
    signUp.mockRejectedValueOnce(new CommerceError('no-answer', null, null));
    await user.click(screen.getByRole('button', { name: 'Iscriviti' }));
    expect(
      await screen.findByText(
        'Non siamo riusciti a raggiungere il negozio. Riprova tra un momento.',
      ),
    ).toBeInTheDocument();
  });

  it('ties the missing box’s message to the box, so a screen reader reads it there', async () => {
    const user = userEvent.setup();
    render(<NewsletterSignUp source="footer" language="en" />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const box = screen.getByRole('checkbox');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Tick the box to agree to receive the newsletter.');
    expect(screen.getByLabelText('Your e-mail address')).not.toHaveAttribute('aria-invalid');
  });

  it('asks for an address that can be one, at the address', async () => {
    const user = userEvent.setup();
    render(<NewsletterSignUp source="footer" language="en" />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'parent.example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const address = screen.getByLabelText('Your e-mail address');
    expect(address).toHaveAccessibleDescription('Please enter a valid e-mail address.');
    expect(address).toHaveFocus();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('keeps the button from being pressed twice while the sign-up is on its way', async () => {
    let answer: (value: { message: string }) => void = () => undefined;
    signUp.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<NewsletterSignUp source="blog" language="en" />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'parent@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    answer({ message: ALMOST_THERE });
    expect(await screen.findByText(ALMOST_THERE)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('gives the same answer on an Italian page in Italian', async () => {
    signUp.mockResolvedValue({ message: ALMOST_THERE });
    const user = userEvent.setup();
    render(<NewsletterSignUp source="footer" language="it" />);
    await user.type(screen.getByLabelText('Il tuo indirizzo e-mail'), 'genitore@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Iscriviti' }));
    expect(
      await screen.findByText(
        "Ci siamo quasi: controlla la tua casella di posta, troverai un link per confermare l'iscrizione.",
      ),
    ).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({ language: 'it', source: 'footer' }),
    );
  });
});
