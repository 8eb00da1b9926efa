import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { DbLike } from '../../db/client';
import { countHit } from './throttle';

/**
 * Per-client limits (token and captcha endpoints, register-guest, anonymous error-log rows) shared by every
 * instance: counted in the database (sys_throttle, one atomic upsert), or in Redis when REDIS_URL is set
 * (rate-limiter-flexible's RateLimiterRedis: one atomic INCR-with-expiry script per call) — the choice for many
 * instances or heavy anonymous traffic, which then never touches the database.
 */
export interface ClientLimiter {
  /** Counts one call of `key` in `bucket`; true when it is past `limit` calls in the current window. */
  over(bucket: string, key: string, limit: number, windowMinutes: number): Promise<boolean>;
  close(): Promise<void>;
}

export class DatabaseLimiter implements ClientLimiter {
  constructor(private readonly db: DbLike) {}
  async over(bucket: string, key: string, limit: number, windowMinutes: number): Promise<boolean> {
    return (await countHit(this.db, bucket, key, windowMinutes)) > limit;
  }
  async close(): Promise<void> {}
}

export class RedisLimiter implements ClientLimiter {
  private readonly redis: Redis;
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(url: string) {
    // Fail fast rather than queue: a limiter that cannot count answers an error, it does not hang the request.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    this.redis.on('error', () => undefined); // reported through the calls that fail
  }

  private limiter(bucket: string, limit: number, windowMinutes: number): RateLimiterRedis {
    const name = `${bucket}:${limit}:${windowMinutes}`;
    let l = this.limiters.get(name);
    if (!l) {
      l = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `zoo:throttle:${bucket}`, points: limit, duration: windowMinutes * 60 });
      this.limiters.set(name, l);
    }
    return l;
  }

  async over(bucket: string, key: string, limit: number, windowMinutes: number): Promise<boolean> {
    try {
      await this.limiter(bucket, limit, windowMinutes).consume(key.slice(0, 255));
      return false;
    } catch (e) {
      if (e instanceof RateLimiterRes) return true;
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export const clientLimiter = (db: DbLike, redisUrl?: string): ClientLimiter => (redisUrl ? new RedisLimiter(redisUrl) : new DatabaseLimiter(db));
