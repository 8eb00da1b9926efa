import { z } from 'zod';
import { endpoint } from '../endpoint';

export const tenantInfoEndpoint = endpoint({
  method: 'GET',
  path: '/blade-system/tenant/info',
  summary: '按域名查询租户',
  access: 'public',
  query: z.object({ domain: z.string().optional() }),
  data: z.object({ tenantId: z.string(), domain: z.string(), backgroundUrl: z.string() }).partial(),
});
