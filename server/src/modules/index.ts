import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './auth/session.routes';
import { tokenRoutes } from './auth/token.routes';
import { federatedRoutes } from './auth/federated/federated.routes';
import { registrationRoutes } from './auth/federated/registration.routes';
import { authorityModules } from './authority';
import { regionRoutes } from './base/region/region.routes';
import { regionTransferRoutes } from './base/region/region.transfer.routes';
import { deskRoutes } from './desk/desk.routes';
import { flowModules } from './flow';
import { auditRoutes } from './monitor/audit/audit.routes';
import { healthRoutes } from './monitor/health/health.routes';
import { logRoutes } from './monitor/log/log.routes';
import { partitionArchiveRoutes } from './monitor/partition-archive.routes';
import { partitionMaintenance } from './monitor/partition-job';
import { reportModules } from './report';
import { resourceRoutes } from './resource/resource.routes';
import { systemModules } from './system';
import { toolModules } from './tool';
import { zooModules } from './zoo';

/**
 * Every module, registered explicitly (no discovery by file name). Areas are the menu areas, with the same
 * folder names in contract/, server/ and web/ (docs/ARCHITECTURE.md).
 */
export const modules: Array<(app: FastifyInstance) => void> = [
  tokenRoutes,
  sessionRoutes,
  federatedRoutes,
  registrationRoutes,
  ...systemModules,
  ...authorityModules,
  regionRoutes,
  regionTransferRoutes,
  ...zooModules,
  logRoutes,
  partitionMaintenance,
  partitionArchiveRoutes,
  auditRoutes,
  healthRoutes,
  deskRoutes,
  ...flowModules,
  resourceRoutes,
  ...reportModules,
  ...toolModules,
];
