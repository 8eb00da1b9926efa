import type { FastifyInstance } from 'fastify';
import { roleGrantRoutes } from './role/role-grant.routes';
import { roleRoutes } from './role/role.routes';
import { scopeRoutes } from './scope/scope.routes';

/** 权限管理 (/authority menus): roles and their grants, data scopes, API scopes. */
export const authorityModules: Array<(app: FastifyInstance) => void> = [roleRoutes, roleGrantRoutes, scopeRoutes];
