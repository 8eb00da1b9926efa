import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { loadSigningKey } from './platform/auth/signing-key';
import { TokenService } from './platform/auth/tokens';
import { BackgroundJobs } from './platform/background';
import { Cache } from './platform/cache';
import { blankNulls, err } from './platform/http/envelope';
import { installErrorHandler } from './platform/http/error-handler';
import { installInputGuard } from './platform/http/input-guard';
import { apiLogPlugin } from './platform/log/api-log';
import { LogWriters } from './platform/log/log-writers';
import { registerMultipart } from './platform/http/multipart';
import './platform/app-context';
import { modules } from './modules';

z.config(z.locales.zhCN());

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

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
  app.setSerializerCompiler(serializerCompiler);
  const tokens = new TokenService(await loadSigningKey(database.db, config.jwtSecret), database.db);
  const cache = new Cache(app.log);
  if (database.kind === 'postgres' && config.databaseListenUrl) await cache.listen(config.databaseListenUrl);
  const jobs = new BackgroundJobs(app.log);
  const logs = new LogWriters(database.db, app.log, config);
  app.decorate('zoo', { config, database, tokens, cache, jobs, logs });
  app.addHook('onClose', async () => {
    await jobs.drain();
    await logs.close();
    await cache.close();
  });
  app.addHook('preSerialization', async (_req, _reply, payload) => blankNulls(payload));
  installErrorHandler(app);
  installInputGuard(app);
  apiLogPlugin(app);
  await registerMultipart(app);

  await app.register(swagger, {
    openapi: { info: { title: '珍稀野生动物繁育饲养管理系统 API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const register of modules) register(app);

  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0]!;
    // Client-side routes (/login, /wel/index, …) all load the single page.
    if (hasWeb && req.method === 'GET' && !p.startsWith('/api/') && !path.extname(p)) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(err(404, `未找到请求的资源: ${req.method} ${p}`));
  });
  return app;
}
