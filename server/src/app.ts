import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializer } from './platform/http/response-serializer';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { loadSigningKey } from './platform/auth/signing-key';
import { TokenService } from './platform/auth/tokens';
import { LIVE_TOKENS } from './platform/auth/live-rights';
import { clientLimiter } from './platform/auth/client-limiter';
import { BackgroundJobs } from './platform/background';
import { Cache } from './platform/cache';
import { ReplicaSet } from './platform/tenancy/read-replicas';
import { blankNulls } from './platform/http/envelope';
import { installErrorHandler } from './platform/http/error-handler';
import { installInputGuard } from './platform/http/input-guard';
import { apiLogPlugin } from './platform/log/api-log';
import { LogWriters } from './platform/log/log-writers';
import { registerMultipart } from './platform/http/multipart';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import './platform/app-context';
import { modules } from './modules';
import { serverRoot } from './paths';

z.config(z.locales.zhCN());

/** Builds the server on an open, migrated database. Tests call this and use `app.inject`. */
export async function buildApp(config: Config, database: Database, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // Fastify takes a hop count too (its types omit it).
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 10 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.responseCheck ? 'checked' : 'trusted'));
  const cache = new Cache(app.log);
  const tokens = new TokenService(await loadSigningKey(database.db, config.jwtSecret), database.db, () => cache.clearLocal(LIVE_TOKENS));
  if (database.kind === 'postgres' && config.databaseListenUrl) await cache.listen(config.databaseListenUrl);
  // Hot standbys for read-only calls (decision 0055), polled by this instance for their lag.
  const replicas =
    database.kind === 'postgres' && config.databaseReadUrls.length
      ? new ReplicaSet(database.db, config.databaseReadUrls, {
          maxLagMs: config.replicaMaxLagMs,
          pollMs: config.replicaPollMs,
          poolMax: config.dbPoolMax,
          timeZone: config.timeZone,
        }).start()
      : undefined;
  const jobs = new BackgroundJobs(app.log);
  const logs = new LogWriters(database.db, app.log, config);
  const limiter = clientLimiter(database.db, config.redisUrl);
  app.decorate('zoo', { config, database, tokens, cache, jobs, logs, limiter });
  app.addHook('onClose', async () => {
    await jobs.drain();
    await logs.close();
    await cache.close();
    await replicas?.close();
    await limiter.close();
  });
  // A 200 with a response schema is blanked by its projection in the same walk (platform/http/response-serializer.ts).
  app.addHook('preSerialization', (req, reply, payload, done) =>
    done(null, reply.statusCode === 200 && (req.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[200] ? payload : blankNulls(payload)),
  );
  installErrorHandler(app);
  installInputGuard(app);
  await registerSecurityHeaders(app, config.frameOrigins, config.mediaOrigins);
  apiLogPlugin(app);
  await registerMultipart(app);

  await app.register(swagger, {
    openapi: { info: { title: '珍稀野生动物繁育饲养管理系统 API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const register of modules) register(app);

  await registerWebApp(app, config.webDist ?? path.join(serverRoot, '../web/dist'));
  return app;
}
