import { serverLog, serverLogLine } from './server-log';

describe('the server log', () => {
  it('writes one JSON line with the time, level, service and message', () => {
    const line = JSON.parse(serverLogLine('warn', ['Redis is unreachable', 'for now']));
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      level: 'warn',
      service: 'storefront',
      msg: 'Redis is unreachable for now',
    });
  });

  it("carries an error's name, message and stack, apart from the words", () => {
    const line = JSON.parse(
      serverLogLine('error', ['Shop could not load:', new TypeError('boom')]),
    );
    expect(line.msg).toBe('Shop could not load:');
    expect(line.err).toMatchObject({ name: 'TypeError', message: 'boom' });
    expect(line.err.stack).toContain('TypeError: boom');
  });

  it('writes through the console method of its level, one line per entry', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      serverLog.error('a failure', 503);
      expect(error).toHaveBeenCalledTimes(1);
      const [written] = error.mock.calls[0] as [string];
      expect(written).not.toContain('\n');
      expect(JSON.parse(written)).toMatchObject({ level: 'error', msg: 'a failure 503' });
    } finally {
      error.mockRestore();
    }
  });
});
