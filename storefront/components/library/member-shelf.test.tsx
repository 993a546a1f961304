import { render, screen, within } from '@testing-library/react';
import type { MemberShelf as Shelf } from '@aba-shop/contract';
import { MemberShelf } from './member-shelf';

const MARCH = {
  id: 'm-march',
  title: 'Morning routines that stick',
  month: '2026-03',
  description: 'A visual schedule for mornings, and your questions on getting dressed.',
};

const forMember: Shelf = {
  access: { state: 'active', until: null },
  resources: [
    {
      ...MARCH,
      transcript: 'Q: How many steps?',
      questions: [{ title: 'How many steps?', startMs: 0 }],
      files: [],
    },
  ],
};

const forOthers = (state: 'none' | 'ended'): Shelf => ({
  access: { state, until: null },
  resources: [{ ...MARCH, transcript: null, questions: [], files: [] }],
});

describe('MemberShelf', () => {
  it("opens each month's resource for a member", () => {
    render(<MemberShelf shelf={forMember} />);
    const section = screen.getByRole('region', { name: 'Member resources' });
    expect(section).toHaveTextContent('March 2026');
    expect(within(section).getByRole('link', { name: `Open ${MARCH.title}` })).toHaveAttribute(
      'href',
      '/library/members/m-march',
    );
    expect(within(section).queryByRole('link', { name: /Become a member/ })).toBeNull();
  });

  it('says until when a cancelled membership lasts', () => {
    render(
      <MemberShelf
        shelf={{ ...forMember, access: { state: 'active', until: '2026-04-15T00:00:00Z' } }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Member resources' })).toHaveTextContent(
      'Your membership ends on April 15, 2026',
    );
  });

  it("tells a member when the first month's pack is still to come", () => {
    render(<MemberShelf shelf={{ ...forMember, resources: [] }} />);
    expect(screen.getByRole('region', { name: 'Member resources' })).toHaveTextContent(
      'we e-mail you as soon as they are published',
    );
  });

  it("shows anyone else what the months brought, with 'Become a member' and nothing to open", () => {
    render(<MemberShelf shelf={forOthers('none')} />);
    const section = screen.getByRole('region', { name: 'Membership' });
    expect(section).toHaveTextContent(MARCH.description);
    expect(within(section).getByRole('link', { name: 'Become a member' })).toHaveAttribute(
      'href',
      '/membership',
    );
    expect(within(section).queryByRole('link', { name: /Open/ })).toBeNull();
  });

  it('asks a former member back', () => {
    render(<MemberShelf shelf={forOthers('ended')} />);
    const section = screen.getByRole('region', { name: 'Membership' });
    expect(section).toHaveTextContent('Your membership has ended.');
    expect(within(section).getByRole('link', { name: 'Become a member again' })).toBeVisible();
  });
});
