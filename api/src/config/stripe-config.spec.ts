import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'circo-config-')) });

describe('Stripe configuration', () => {
  it('uses the local test provider when no secret key is set', () => {
    expect(loadConfig(base()).stripe.secretKey).toBeNull();
  });

  it('stops the start when the secret key comes without the publishable key or webhook secret', () => {
    expect(() => loadConfig({ ...base(), STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      new ConfigError('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set'),
    );
    expect(() =>
      loadConfig({
        ...base(),
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      }),
    ).toThrow(new ConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set'));
  });

  it('accepts a complete Stripe configuration', () => {
    const config = loadConfig({
      ...base(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      protocol: 'https',
    });
  });
});
