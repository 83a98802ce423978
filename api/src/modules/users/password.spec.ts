import { ARGON2_OPTIONS, MAX_PASSWORD_LENGTH, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and a fresh salt', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('Secret123');
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('never throws on a missing or malformed hash', async () => {
    expect(await verifyPassword('Secret123', null)).toBe(false);
    expect(await verifyPassword('Secret123', undefined)).toBe(false);
    expect(await verifyPassword('Secret123', 'not-a-hash')).toBe(false);
  });

  it('accepts up to 128 characters and refuses longer ones', async () => {
    const longest = 'Aa1'.padEnd(MAX_PASSWORD_LENGTH, 'x');
    expect(await verifyPassword(longest, await hashPassword(longest))).toBe(true);
    await expect(hashPassword(`${longest}x`)).rejects.toThrow(RangeError);
    expect(await verifyPassword(`${longest}x`, await hashPassword(longest))).toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const hash = await hashPassword('Contraseña1ñ');
    expect(await verifyPassword('Contraseña1ñ', hash)).toBe(true);
    expect(await verifyPassword('Contrasena1n', hash)).toBe(false);
  });
});
