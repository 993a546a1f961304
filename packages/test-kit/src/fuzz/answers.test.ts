import { answerProblem, fuzzParameters, pollutedPrototype, StatusTally } from './answers.ts';

const json = 'application/json; charset=utf-8';

describe('answerProblem, the fuzz suites’ judge of an answer', () => {
  it.each([
    ['a 5xx', { status: 500, contentType: json, body: '{"message":"x"}' }, /answered 500/],
    ['a plain-text 4xx', { status: 400, contentType: 'text/plain', body: 'Bad' }, /not JSON/],
    ['a 4xx body that is not JSON', { status: 404, contentType: json, body: 'x' }, /not JSON/],
    ['a 4xx without a message', { status: 403, contentType: json, body: '{}' }, /no error message/],
    [
      'a blank message',
      { status: 401, contentType: json, body: '{"error":" "}' },
      /no error message/,
    ],
    [
      'an HTML 4xx to an API client',
      { status: 400, contentType: 'text/html', body: '<p/>' },
      /html/,
    ],
  ])('flags %s', (_case, answer, problem) => {
    expect(answerProblem({ method: 'POST', ...answer })).toMatch(problem);
  });

  it.each([
    ['a page', { status: 200, contentType: 'text/html', body: '<p>page</p>' }],
    ['a redirect', { status: 303, contentType: undefined, body: '' }],
    ['an { error } 4xx', { status: 400, contentType: json, body: '{"error":"Codice non valido"}' }],
    [
      'a { message } 4xx',
      { status: 429, contentType: json, body: '{"success":false,"message":"x"}' },
    ],
    [
      'an HTML 4xx to a browser that asked for HTML',
      { status: 400, contentType: 'text/html', body: '<p/>', accept: 'text/html,*/*' },
    ],
    ['a HEAD 4xx, which has no body', { method: 'HEAD', status: 404, contentType: json, body: '' }],
  ])('accepts %s', (_case, answer) => {
    expect(answerProblem({ method: 'POST', ...answer })).toBeUndefined();
  });
});

describe('pollutedPrototype', () => {
  it('names a built-in prototype that gained a property, and nothing otherwise', () => {
    expect(pollutedPrototype()).toBeUndefined();
    Object.defineProperty(Object.prototype, 'isAdmin', { value: true, configurable: true });
    try {
      expect(pollutedPrototype()).toBe('Object');
    } finally {
      delete (Object.prototype as { isAdmin?: boolean }).isAdmin;
    }
    expect(pollutedPrototype()).toBeUndefined();
  });
});

describe('fuzzParameters', () => {
  it('runs 2,000 per route unless FUZZ_RUNS asks for more, and never fewer', () => {
    expect(fuzzParameters({})).toEqual({ numRuns: 2_000 });
    expect(fuzzParameters({ FUZZ_RUNS: '50000', FUZZ_SEED: '-42', FUZZ_PATH: '7:0:1' })).toEqual({
      numRuns: 50_000,
      seed: -42,
      path: '7:0:1',
    });
    expect(() => fuzzParameters({ FUZZ_RUNS: '100' })).toThrow(/at least 2000/);
  });
});

describe('StatusTally', () => {
  it('counts runs per route and prints one line per route and the totals', () => {
    const tally = new StatusTally();
    tally.count('GET /a', 200);
    tally.count('GET /a', 404);
    tally.count('POST /b', 400);
    expect(tally.runs('GET /a')).toBe(2);
    const lines = tally.format('title').split('\n');
    expect(lines[0]).toBe('title');
    expect(lines[2]).toMatch(/^GET \/a +2 +1 +0 +1 +0 .* 200:1 404:1$/);
    expect(lines.at(-1)).toMatch(/^all 2 routes +3 +1 +0 +2 +0 .* 200:1 400:1 404:1$/);
  });

  it('puts why a route failed between the title and the table, and still fails the run', async () => {
    const tally = new StatusTally();
    await tally.time('GET /a', async () => tally.count('GET /a', 200));
    const counterexample = `Counterexample: [{"payload":"${'x'.repeat(5_000)}"}]`;
    const failure = new Error(
      `Property failed after 3 tests\n{ seed: 42, path: "2:0" }\n\n${counterexample}`,
      {
        cause: new Error('POST /b answered 500'),
      },
    );
    await expect(
      tally.time('POST /b', async () => {
        tally.count('POST /b', 500);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const lines = tally.format('title').split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'title',
      'FAILED POST /b:',
      'Error: Property failed after 3 tests',
      'Cause: Error: POST /b answered 500',
      '{ seed: 42, path: "2:0" }',
      `${counterexample.slice(0, 1_000)}…`,
    ]);
    expect(lines[7]).toMatch(/^GET \/a +1 +1 /);
    expect(lines[8]).toMatch(/^POST \/b +1 +0 +0 +0 +1 /);
  });
});
