import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendReview } from '@/lib/commerce/api/keeping-in-touch';
import { CommerceError } from '@/lib/commerce/client';
import { ReviewForm } from './review-form';

jest.mock('@/lib/commerce/api/keeping-in-touch', () => ({
  ...jest.requireActual('@/lib/commerce/api/keeping-in-touch'),
  sendReview: jest.fn(),
}));

const send = jest.mocked(sendReview);
const TEXT = 'Our mornings are calmer since the first chapter.';

beforeEach(() => jest.clearAllMocks());

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: '4 stars' }));
  await user.type(screen.getByLabelText('Your review'), TEXT);
  await user.type(screen.getByLabelText('First name (optional)'), 'Giulia');
  await user.selectOptions(screen.getByLabelText("Your child's age (optional)"), '4-5 years');
  await user.click(screen.getByRole('checkbox', { name: /You may publish my review/ }));
}

describe('the review form', () => {
  it('sends the rating, the review, the name and age with the consent, then thanks the buyer', async () => {
    send.mockResolvedValue({ message: 'Thank you! Your review will appear once we have read it.' });
    const user = userEvent.setup();
    render(<ReviewForm token="tok" language="en" />);
    await fillIn(user);
    expect(screen.getByText(`${TEXT.length} of 1500 characters`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(
      await screen.findByText('Thank you! Your review will appear once we have read it.'),
    ).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      token: 'tok',
      rating: 4,
      text: TEXT,
      firstName: 'Giulia',
      childAge: '4-5 years',
    });
  });

  it('asks for a rating and for the consent before sending', async () => {
    const user = userEvent.setup();
    render(<ReviewForm token="tok" language="en" />);
    await user.type(screen.getByLabelText('Your review'), TEXT);
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByText('Tick the box to let us publish your review.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('says a used link was used, and shows any other refusal as the shop words it', async () => {
    const user = userEvent.setup();
    render(<ReviewForm token="tok" language="en" />);
    await fillIn(user);
    send.mockRejectedValueOnce(new CommerceError('refused', 409, 'conflict'));
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(
      await screen.findByText('You have already reviewed this eBook with this link. Thank you!'),
    ).toBeInTheDocument();
    send.mockRejectedValueOnce(
      new CommerceError('refused', 410, 'This order was refunded, so it cannot be reviewed.'),
    );
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(
      await screen.findByText('This order was refunded, so it cannot be reviewed.'),
    ).toBeInTheDocument();
  });

  it('shows a field the shop refused under that field, and takes the keyboard there', async () => {
    const user = userEvent.setup();
    render(<ReviewForm token="tok" language="en" />);
    await fillIn(user);
    send.mockRejectedValueOnce(
      new CommerceError(
        'refused',
        400,
        'Invalid body: firstName: First name cannot exceed 40 characters',
        {
          message: 'Invalid body: firstName: First name cannot exceed 40 characters',
          issues: [{ path: 'firstName', message: 'First name cannot exceed 40 characters' }],
        },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    const firstName = screen.getByLabelText('First name (optional)');
    expect(await screen.findByText('First name cannot exceed 40 characters')).toBeInTheDocument();
    expect(firstName).toHaveAccessibleDescription('First name cannot exceed 40 characters');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveFocus();
  });

  it('says on an Italian page, in Italian, that the shop could not be reached', async () => {
    const user = userEvent.setup();
    render(<ReviewForm token="tok" language="it" />);
    await user.click(screen.getByRole('radio', { name: '5 stelle' }));
    await user.type(screen.getByLabelText('La tua recensione'), TEXT);
    await user.click(screen.getByRole('checkbox', { name: /Potete pubblicare la mia recensione/ }));
    send.mockRejectedValueOnce(new CommerceError('no-answer', null, null));
    await user.click(screen.getByRole('button', { name: 'Invia la recensione' }));
    expect(
      await screen.findByText(
        'Non siamo riusciti a raggiungere il negozio. Riprova tra un momento.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invia la recensione' })).toBeEnabled();
  });
});
