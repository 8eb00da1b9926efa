import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './auth/session.routes';
import { tokenRoutes } from './auth/token.routes';
import { dictDictionaryRoutes } from './system/dict-dictionary.routes';
import { menuSessionRoutes } from './system/menu-session.routes';
import { paramRoutes } from './system/param.routes';
import { tenantInfoRoutes } from './system/tenant-info.routes';
import { deptPickerRoutes } from './iam/dept-picker.routes';
import { deptRoutes } from './iam/dept.routes';
import { postRoutes } from './iam/post.routes';
import { roleGrantRoutes } from './iam/role-grant.routes';
import { roleRoutes } from './iam/role.routes';
import { dictRoutes } from './system/dict.routes';
import { menuGrantRoutes } from './system/menu-grant.routes';
import { menuListRoutes } from './system/menu-list.routes';
import { menuRoutes } from './system/menu.routes';
import { scopeRoutes } from './system/scope.routes';
import { topmenuRoutes } from './system/topmenu.routes';
import { tenantRoutes } from './system/tenant.routes';
import { tenantPackageRoutes } from './system/tenant-package.routes';
import { clientRoutes } from './system/client.routes';
import { regionRoutes } from './system/region.routes';
import { regionTransferRoutes } from './system/region.transfer.routes';
import { userRoutes } from './iam/user.routes';
import { userWriteRoutes } from './iam/user.write.routes';
import { userPasswordRoutes } from './iam/user.password.routes';
import { userTransferRoutes } from './iam/user.transfer.routes';
import { zooModules } from './zoo';
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
  roleRoutes,
  roleGrantRoutes,
  deptRoutes,
  deptPickerRoutes,
  postRoutes,
  menuRoutes,
  menuListRoutes,
  menuGrantRoutes,
  topmenuRoutes,
  scopeRoutes,
  dictRoutes,
  tenantRoutes,
  tenantPackageRoutes,
  clientRoutes,
  regionRoutes,
  regionTransferRoutes,
  userRoutes,
  userWriteRoutes,
  userPasswordRoutes,
  userTransferRoutes,
  ...zooModules,
  logRoutes,
  deskRoutes,
  resourceRoutes,
];
