import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('lists every bad variable at once', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', CAPTCHA_MODE: 'maybe' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'CAPTCHA_MODE']) expect(msg).toContain(key);
  });

  it('defaults to the embedded database in ./data with captcha on, relative to where npm was run', () => {
    const c = loadConfig({ INIT_CWD: '/srv/zoo' });
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, dataDir: '/srv/zoo/data', captchaMode: true, seedDemo: true, jwtSecret: undefined });
  });

  it('turns captcha mode off only when asked', () => {
    expect(loadConfig({ CAPTCHA_MODE: 'off' }).captchaMode).toBe(false);
    expect(loadConfig({ CAPTCHA_MODE: 'on' }).captchaMode).toBe(true);
  });
});
