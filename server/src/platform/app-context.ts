import type { Config } from '../config';
import type { Database } from '../db/client';
import type { TokenService } from './auth/tokens';
import type { BackgroundJobs } from './background';
import type { Cache } from './cache';
import type { ClientLimiter } from './auth/client-limiter';
import type { LogWriters } from './log/log-writers';

/** Process-wide services every module reaches through `app.zoo`. Nothing here holds per-user state. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  cache: Cache;
  jobs: BackgroundJobs;
  /** Buffered API and usual log writers (flushed every LOG_FLUSH_MS and on close). */
  logs: LogWriters;
  /** Per-client limits, in the database or Redis (REDIS_URL), shared by every instance. */
  limiter: ClientLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    zoo: AppContext;
  }
  interface FastifyRequest {
    session?: import('./auth/session').Session;
  }
}
