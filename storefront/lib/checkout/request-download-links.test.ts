/** @jest-environment node */
import { answerFetch as answer } from '@/test-support/answer-fetch';
import { requestDownloadLinks } from './request-download-links';

describe('requestDownloadLinks', () => {
  it("posts the e-mail and returns the service's message", async () => {
    answer(202, { message: 'If this address has purchases, an e-mail is on its way.' });
    await expect(requestDownloadLinks('parent@example.com')).resolves.toBe(
      'If this address has purchases, an e-mail is on its way.',
    );
    expect(global.fetch).toHaveBeenCalledWith(
      '/api/downloads/resend',
      expect.objectContaining({ method: 'POST', body: '{"email":"parent@example.com"}' }),
    );
  });

  it.each([
    [400, 'Please enter a valid e-mail address.'],
    [429, 'Too many requests for links. Please wait a few minutes and try again.'],
    [500, 'We could not send your links right now. Please try again in a few minutes.'],
  ])('on %i fails with %j', async (status, message) => {
    answer(status, { message: 'internal detail' });
    await expect(requestDownloadLinks('parent@example.com')).rejects.toThrow(message);
  });

  it('fails with the network message when the request does not arrive', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(requestDownloadLinks('parent@example.com')).rejects.toThrow(
      'Network error, please try again later',
    );
  });
});
