import { sameSecret } from './same-secret.ts';

const SECRET = 'a-shared-secret-of-at-least-32-characters';

describe('sameSecret', () => {
  it('matches the expected secret only', () => {
    expect(sameSecret(SECRET, SECRET)).toBe(true);
    expect(sameSecret(`${SECRET}x`, SECRET)).toBe(false);
    expect(sameSecret(SECRET.slice(1), SECRET)).toBe(false);
  });

  it('matches nothing when either side is missing', () => {
    for (const given of [undefined, null, '']) expect(sameSecret(given, SECRET)).toBe(false);
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret(SECRET, undefined)).toBe(false);
  });
});
