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

  it('reads hot standbys from DATABASE_READ_URL (comma-separated), only beside a PostgreSQL primary', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://db:5432/zoo', DATABASE_READ_URL: 'postgres://r1:5432/zoo, postgres://r2:5432/zoo' });
    expect(c).toMatchObject({ databaseReadUrls: ['postgres://r1:5432/zoo', 'postgres://r2:5432/zoo'], replicaMaxLagMs: 5000, replicaPollMs: 500 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db:5432/zoo' }).databaseReadUrls).toEqual([]);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1:5432/zoo' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/zoo', DATABASE_READ_URL: 'mysql://r1' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/zoo', REPLICA_MAX_LAG_MS: '60000' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });

  it('turns captcha mode off only when asked', () => {
    expect(loadConfig({ CAPTCHA_MODE: 'off' }).captchaMode).toBe(false);
    expect(loadConfig({ CAPTCHA_MODE: 'on' }).captchaMode).toBe(true);
  });

  it('listens for cache invalidations on DATABASE_LISTEN_URL, else on DATABASE_URL; list counts kept unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pgbouncer:6432/zoo' }).databaseListenUrl).toBe('postgres://pgbouncer:6432/zoo');
    const c = loadConfig({ DATABASE_URL: 'postgres://pgbouncer:6432/zoo', DATABASE_LISTEN_URL: 'postgres://db:5432/zoo' });
    expect(c).toMatchObject({ databaseUrl: 'postgres://pgbouncer:6432/zoo', databaseListenUrl: 'postgres://db:5432/zoo', listCount: 'kept' });
    expect(loadConfig({ LIST_COUNT: 'exact' }).listCount).toBe('exact');
    expect(() => loadConfig({ LIST_COUNT: 'sometimes', DATABASE_LISTEN_URL: 'mysql://x' })).toThrow(
      /LIST_COUNT[\s\S]*DATABASE_LISTEN_URL|DATABASE_LISTEN_URL[\s\S]*LIST_COUNT/,
    );
  });
});
