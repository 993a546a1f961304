import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { MembershipOffer } from './membership-offer';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const EBOOKS_ONLY = SEEDED_CATALOGUE.filter((product) => product.kind !== 'membership');

describe('MembershipOffer', () => {
  it("offers the catalogue's membership at its price a month, with 'Become a member'", () => {
    render(<MembershipOffer catalogue={SEEDED_CATALOGUE} />);
    const offer = screen.getByRole('article', { name: 'ABA Parent Support Membership' });
    expect(offer).toHaveTextContent('$9.99 a month');
    expect(offer).toHaveTextContent('a new worksheet pack and a recorded Q&A');
    expect(within(offer).getByRole('button', { name: 'Become a member' })).toBeEnabled();
  });

  it("'Become a member' starts a checkout of one membership, as the shop's Buy Now does", async () => {
    // jsdom has no Response: the client reads only these of the service's refusal.
    const fetchImpl = jest.fn(async () => ({
      ok: false,
      status: 409,
      json: async () => ({ message: 'Checkout is closed for the night' }),
    }));
    global.fetch = fetchImpl as unknown as typeof fetch;
    render(<MembershipOffer catalogue={SEEDED_CATALOGUE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Become a member' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeInTheDocument();
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith('/checkout/error?message=Checkout+is+closed+for+the+night'),
    );
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/create-checkout-session');
    expect(JSON.parse(String(init.body))).toMatchObject({
      products: [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
    });
  });

  it('says the price the catalogue states, never one of its own', () => {
    const repriced = SEEDED_CATALOGUE.map((product) =>
      product.kind === 'membership' ? { ...product, price: 1250, currency: 'eur' } : product,
    );
    render(<MembershipOffer catalogue={repriced} />);
    expect(screen.getByRole('article')).toHaveTextContent('€12.50 a month');
    expect(screen.getByRole('article')).not.toHaveTextContent('$9.99');
  });

  it('says the membership is not open, with the way to contact us, when the catalogue has none', () => {
    render(<MembershipOffer catalogue={EBOOKS_ONLY} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The membership is not open to new members right now. Please check back soon or contact us.',
    );
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button', { name: 'Become a member' })).not.toBeInTheDocument();
  });

  it('says the membership cannot be shown when the catalogue could not be read, and is kept out of the page cache', () => {
    render(<MembershipOffer catalogue={null} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'The membership cannot be shown right now. Please try again in a moment.',
    );
    expect(status).toHaveAttribute('data-content-unavailable');
    expect(screen.queryByRole('button', { name: 'Become a member' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$\d/)).not.toBeInTheDocument();
  });
});
