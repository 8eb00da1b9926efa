import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './auth/session.routes';
import { tokenRoutes } from './auth/token.routes';
import { dictDictionaryRoutes } from './system/dict-dictionary.routes';
import { menuSessionRoutes } from './system/menu-session.routes';
import { paramRoutes } from './system/param.routes';
import { tenantInfoRoutes } from './system/tenant-info.routes';
import { logRoutes } from './log/log.routes';
import { deskRoutes } from './desk/desk.routes';
import { resourceRoutes } from './resource/resource.routes';

/** Every module, registered explicitly (no discovery by file name). */
export const modules: Array<(app: FastifyInstance) => void> = [
  tokenRoutes,
  sessionRoutes,
  menuSessionRoutes,
  tenantInfoRoutes,
  dictDictionaryRoutes,
  paramRoutes,
  logRoutes,
  deskRoutes,
  resourceRoutes,
];
