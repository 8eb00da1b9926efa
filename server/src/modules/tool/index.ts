import type { FastifyInstance } from 'fastify';
import { codeRoutes } from './code/code.routes';
import { datasourceRoutes } from './datasource/datasource.routes';
import { modelRoutes } from './model/model.routes';

/** 研发工具 (/tool menus): datasources, data models, the code generator. */
export const toolModules: Array<(app: FastifyInstance) => void> = [datasourceRoutes, modelRoutes, codeRoutes];
