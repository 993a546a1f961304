import { canManageMembership, membershipStatusText } from './membership-status';

const created_at = '2026-10-05T09:00:00.000Z';
const currentPeriodEnd = '2026-12-05T09:00:00.000Z';

describe('membershipStatusText', () => {
  it.each([
    [
      'an active membership with its renewal',
      { status: 'active', currentPeriodEnd, cancelAtPeriodEnd: false },
      'Active since October 5, 2026 · renews on December 5, 2026',
    ],
    [
      'an active one the provider has not dated yet',
      { status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false },
      'Active since October 5, 2026',
    ],
    [
      'a cancelled one until its period ends',
      { status: 'active', currentPeriodEnd, cancelAtPeriodEnd: true },
      'Cancelled: active until December 5, 2026, then it ends',
    ],
    [
      'one whose payment failed',
      { status: 'past_due', currentPeriodEnd, cancelAtPeriodEnd: false },
      'Your last payment failed: choose Manage membership to update your payment details.',
    ],
    [
      'one that has ended',
      { status: 'canceled', currentPeriodEnd, cancelAtPeriodEnd: true },
      'Ended (member since October 5, 2026)',
    ],
  ] as const)('describes %s', (_name, state, text) => {
    expect(membershipStatusText({ ...state, created_at })).toBe(text);
  });
});

describe('canManageMembership', () => {
  it('offers the portal until the membership has ended', () => {
    expect(
      canManageMembership({ status: 'past_due', currentPeriodEnd, cancelAtPeriodEnd: false }),
    ).toBe(true);
    expect(
      canManageMembership({ status: 'active', currentPeriodEnd, cancelAtPeriodEnd: true }),
    ).toBe(true);
    expect(
      canManageMembership({ status: 'canceled', currentPeriodEnd, cancelAtPeriodEnd: true }),
    ).toBe(false);
  });
});
