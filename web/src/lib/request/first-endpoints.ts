import type { authEndpoints, deskEndpoints, Endpoint, federatedEndpoints, menuSessionEndpoints, tenantInfoEndpoint } from '@zoo/contract';

/** The contract endpoint `E` as `call()` uses it (method, path, raw), typed as the full endpoint. */
const wire = <E extends Endpoint>(w: Pick<E, 'method' | 'path' | 'raw'>): E => w as E;

/**
 * The endpoints of the login page and of the signed-in shell and home page, without their zod schemas:
 * importing the contract's endpoint objects would put zod (about 22 KB compressed) into the login page and the
 * home page downloads (issue 13 budgets); screens loaded later use the contract directly. Typed from the contract; first-endpoints.test.ts checks
 * that method, path and raw equal the contract's, so a renamed path still fails a check.
 */
export const firstEndpoints = {
  captcha: wire<typeof authEndpoints.captcha>({ method: 'GET', path: '/blade-auth/oauth/captcha', raw: true }),
  token: wire<typeof authEndpoints.token>({ method: 'POST', path: '/blade-auth/oauth/token', raw: true }),
  providers: wire<typeof federatedEndpoints.providers>({ method: 'GET', path: '/blade-auth/oauth/providers' }),
  tenantInfo: wire<typeof tenantInfoEndpoint>({ method: 'GET', path: '/blade-system/tenant/info' }),
  menuRoutes: wire<typeof menuSessionEndpoints.routes>({ method: 'GET', path: '/blade-system/menu/routes' }),
  menuButtons: wire<typeof menuSessionEndpoints.buttons>({ method: 'GET', path: '/blade-system/menu/buttons' }),
  topMenu: wire<typeof menuSessionEndpoints.topMenu>({ method: 'GET', path: '/blade-system/menu/top-menu' }),
  logout: wire<typeof authEndpoints.logout>({ method: 'GET', path: '/blade-auth/oauth/logout', raw: true }),
  clearCache: wire<typeof authEndpoints.clearCache>({ method: 'GET', path: '/blade-auth/oauth/clear-cache', raw: true }),
  listAllNotice: wire<typeof deskEndpoints.listAllNotice>({ method: 'GET', path: '/blade-desk/listAllNotice' }),
  countInfo: wire<typeof deskEndpoints.countInfo>({ method: 'GET', path: '/blade-desk/countinfo' }),
  noticeCountInfo: wire<typeof deskEndpoints.noticeCountInfo>({ method: 'GET', path: '/blade-desk/notice/countinfo' }),
};
