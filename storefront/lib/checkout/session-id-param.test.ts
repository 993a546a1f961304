/** @jest-environment node */
import { sessionIdParam } from './session-id-param';

describe('sessionIdParam', () => {
  it.each([
    [{ sessionId: 'cs_local_1' }, 'cs_local_1'],
    [{ sessionId: ' cs_2 ' }, 'cs_2'],
    [{ sessionId: ['cs_3', 'cs_4'] }, 'cs_3'],
    [{ sessionId: '' }, null],
    [{}, null],
    [{ sessionId: 'x'.repeat(256) }, null],
  ])('reads %j as %j', (params, sessionId) => {
    expect(sessionIdParam(params)).toBe(sessionId);
  });
});
