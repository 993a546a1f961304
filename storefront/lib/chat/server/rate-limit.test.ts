import { createRateLimiter } from './rate-limit';

function limiterAt(start: number) {
  const clock = { time: start };
  const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => clock.time });
  return { limiter, clock };
}

describe('createRateLimiter', () => {
  it('allows the limit within the window and refuses the next hit', () => {
    const { limiter } = limiterAt(0);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('counts each key on its own', () => {
    const { limiter } = limiterAt(0);
    for (let i = 0; i < 3; i++) limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('allows again once the oldest hit has left the window, and says when', () => {
    const { limiter, clock } = limiterAt(0);
    limiter.hit('a');
    clock.time = 20_000;
    limiter.hit('a');
    limiter.hit('a');
    clock.time = 45_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    clock.time = 60_001;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('does not count refused hits against the visitor', () => {
    const { limiter, clock } = limiterAt(0);
    for (let i = 0; i < 3; i++) limiter.hit('a');
    clock.time = 30_000;
    for (let i = 0; i < 5; i++) limiter.hit('a');
    clock.time = 60_001;
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
  });
});
