import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDummyHash, hashPassword, verifyPassword } from '../src/auth/passwords.ts';

/**
 * The test databases store the demo password at a low scrypt cost (test/dbTemplates.ts) so that a
 * run's sign-ins stay cheap. This file keeps the API's own cost honest: what it stores for a new
 * password is scrypt at N = 2^14, r = 8, p = 1, and a stored hash is checked at the cost it carries.
 */
describe('password hashes', () => {
  it('stores a new password as scrypt at cost 2^14 (r 8, p 1) with a salt of its own, and checks it', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    const [kind, n, r, p, salt, key] = a.split('$');
    expect([kind, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(b).not.toBe(a);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
  });

  it('the stand-in hash an unknown email is checked against costs as much as a real one', async () => {
    expect((await getDummyHash()).split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
  });

  it('checks a stored hash at the cost written in it', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const stored = ['scrypt', 1024, 8, 1, salt.toString('base64'), scryptSync('demo', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')].join('$');
    expect(await verifyPassword('demo', stored)).toBe(true);
    expect(await verifyPassword('Demo', stored)).toBe(false);
    // The same key under another cost is another hash.
    expect(await verifyPassword('demo', stored.replace('scrypt$1024$', 'scrypt$2048$'))).toBe(false);
  });
});
