import { authEndpoints, deskEndpoints, menuSessionEndpoints, tenantInfoEndpoint, type Endpoint } from '@zoo/contract';
import { describe, expect, it } from 'vitest';
import { firstEndpoints } from './first-endpoints';

const wireOf = (e: Endpoint) => ({ method: e.method, path: e.path, raw: e.raw });

describe('first endpoints (zod-free copies for the login page)', () => {
  it('match the contract exactly', () => {
    expect(wireOf(firstEndpoints.captcha)).toEqual(wireOf(authEndpoints.captcha));
    expect(wireOf(firstEndpoints.token)).toEqual(wireOf(authEndpoints.token));
    expect(wireOf(firstEndpoints.tenantInfo)).toEqual(wireOf(tenantInfoEndpoint));
    expect(wireOf(firstEndpoints.menuRoutes)).toEqual(wireOf(menuSessionEndpoints.routes));
    expect(wireOf(firstEndpoints.menuButtons)).toEqual(wireOf(menuSessionEndpoints.buttons));
    expect(wireOf(firstEndpoints.topMenu)).toEqual(wireOf(menuSessionEndpoints.topMenu));
    expect(wireOf(firstEndpoints.logout)).toEqual(wireOf(authEndpoints.logout));
    expect(wireOf(firstEndpoints.clearCache)).toEqual(wireOf(authEndpoints.clearCache));
    expect(wireOf(firstEndpoints.listAllNotice)).toEqual(wireOf(deskEndpoints.listAllNotice));
    expect(wireOf(firstEndpoints.countInfo)).toEqual(wireOf(deskEndpoints.countInfo));
    expect(wireOf(firstEndpoints.noticeCountInfo)).toEqual(wireOf(deskEndpoints.noticeCountInfo));
  });
});
