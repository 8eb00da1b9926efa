import type { FastifyInstance } from 'fastify';
import { clientRoutes } from './client/client.routes';
import { deptPickerRoutes } from './dept/dept-picker.routes';
import { deptRoutes } from './dept/dept.routes';
import { dictDictionaryRoutes } from './dict/dict-dictionary.routes';
import { dictRoutes } from './dict/dict.routes';
import { menuGrantRoutes } from './menu/menu-grant.routes';
import { menuListRoutes } from './menu/menu-list.routes';
import { menuRoutes } from './menu/menu.routes';
import { menuSessionRoutes } from './menu/menu-session.routes';
import { paramRoutes } from './param/param.routes';
import { postRoutes } from './post/post.routes';
import { tenantInfoRoutes } from './tenant/tenant-info.routes';
import { tenantRoutes } from './tenant/tenant.routes';
import { tenantArchiveRoutes } from './tenant/tenant-archive.routes';
import { tenantPackageRoutes } from './tenant-package/tenant-package.routes';
import { topmenuRoutes } from './topmenu/topmenu.routes';
import { userPasswordRoutes } from './user/user.password.routes';
import { userRoutes } from './user/user.routes';
import { userTransferRoutes } from './user/user.transfer.routes';
import { userWriteRoutes } from './user/user.write.routes';

/** 系统管理 (/system menus): users, depts, posts, dictionaries, menus, top menus, params, tenants, packages, clients. */
export const systemModules: Array<(app: FastifyInstance) => void> = [
  menuSessionRoutes,
  tenantInfoRoutes,
  dictDictionaryRoutes,
  paramRoutes,
  deptRoutes,
  deptPickerRoutes,
  postRoutes,
  menuRoutes,
  menuListRoutes,
  menuGrantRoutes,
  topmenuRoutes,
  dictRoutes,
  tenantRoutes,
  tenantArchiveRoutes,
  tenantPackageRoutes,
  clientRoutes,
  userRoutes,
  userWriteRoutes,
  userPasswordRoutes,
  userTransferRoutes,
];
