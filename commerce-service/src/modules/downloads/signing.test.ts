import { signDownloadToken, verifyDownloadToken } from './signing.ts';

const SECRET = 'a-download-signing-secret-of-32-chars!!';
const grant = { entitlementId: 'ent_1', fileKey: 'aba-for-parents.pdf', expiresAt: 2_000_000_000 };

describe('download tokens', () => {
  it('verifies a token it signed', () => {
    const token = signDownloadToken(grant, SECRET);
    expect(verifyDownloadToken(token, SECRET, 1_900_000_000)).toEqual({
      ok: true,
      grant,
      expired: false,
    });
  });

  it('reports an expired token as expired, not as invalid', () => {
    const token = signDownloadToken(grant, SECRET);
    expect(verifyDownloadToken(token, SECRET, 2_000_000_000)).toMatchObject({
      ok: true,
      expired: true,
    });
  });

  it('refuses a token signed with another secret', () => {
    const token = signDownloadToken(grant, 'another-secret-that-is-long-enough-000');
    expect(verifyDownloadToken(token, SECRET, 0)).toEqual({ ok: false });
  });

  it('refuses a token whose payload was changed to another file or a later expiry', () => {
    const [, signature] = signDownloadToken(grant, SECRET).split('.');
    for (const forged of [
      { ...grant, fileKey: 'aba-case-studies.pdf' },
      { ...grant, expiresAt: grant.expiresAt + 1 },
      { ...grant, entitlementId: 'ent_2' },
    ]) {
      const payload = Buffer.from(
        JSON.stringify({ e: forged.entitlementId, f: forged.fileKey, x: forged.expiresAt }),
      ).toString('base64url');
      expect(verifyDownloadToken(`${payload}.${signature}`, SECRET, 0)).toEqual({ ok: false });
    }
  });

  it.each(['', 'abc', 'a.b.c', '..', 'x'.repeat(2000), '%2e%2e%2fetc%2fpasswd.sig'])(
    'refuses the malformed token %j',
    (token) => {
      expect(verifyDownloadToken(token, SECRET, 0)).toEqual({ ok: false });
    },
  );
});
