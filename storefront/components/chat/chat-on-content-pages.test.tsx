import { render, screen } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { SEEDED_CHAT_CATALOGUE } from '@/test-support/catalogue';
import { ChatOnContentPages } from './chat-on-content-pages';

jest.mock('next/navigation', () => ({ usePathname: jest.fn() }));

describe('ChatOnContentPages', () => {
  it.each([
    ['/', true],
    ['/blog/featured-1', true],
    ['/shop', false],
    ['/checkout/success', false],
  ])('on %s shows the launcher: %s', (pathname, shown) => {
    jest.mocked(usePathname).mockReturnValue(pathname);
    render(<ChatOnContentPages catalogue={SEEDED_CHAT_CATALOGUE} />);
    expect(screen.queryAllByRole('button', { name: 'Open chat assistant' })).toHaveLength(
      shown ? 1 : 0,
    );
  });
});
