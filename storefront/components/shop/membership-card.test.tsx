import { render, screen, within } from '@testing-library/react';
import { membershipOf } from '@/lib/catalogue/catalogue';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { MembershipCard } from './membership-card';

describe('MembershipCard', () => {
  it("shows the catalogue's membership at its price a month and leads to the membership page", () => {
    const membership = membershipOf(SEEDED_CATALOGUE);
    if (!membership) throw new Error('The seeded catalogue sells a membership');
    render(<MembershipCard product={membership} />);
    const card = screen.getByRole('article', { name: 'ABA Parent Support Membership' });
    expect(card).toHaveTextContent('$9.99 a month');
    expect(within(card).getByRole('link', { name: 'See what members get' })).toHaveAttribute(
      'href',
      '/membership',
    );
  });
});
