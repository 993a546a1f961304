import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { ShopViewCount } from './shop-view-count';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock;
});

describe('the shop page’s view count', () => {
  it('sends one POST without a body when the page is shown, even in strict mode', () => {
    fetchMock.mockResolvedValue({
      ok: true,
      status: 204,
      json: () => Promise.reject(new SyntaxError('no body')),
    });
    render(
      <StrictMode>
        <ShopViewCount />
      </StrictMode>,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/funnel/shop-view');
    expect(init).toMatchObject({ method: 'POST', body: undefined });
  });

  it('shows nothing and throws nothing when the count cannot be sent', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const { container } = render(<ShopViewCount />);
    await Promise.resolve();
    expect(container).toBeEmptyDOMElement();
  });
});
