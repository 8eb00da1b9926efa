import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { bladeOss } from '../resource.tables';
import { LOCAL_DOMAIN } from './local-store';
import { keyTenant } from './object-key';
import { storeFor } from './stores';

export const FOREIGN_LINK = (label: string) => `${label}只能是本系统存储中的文件`;

/**
 * Links users store (avatars, attachments) must point at an object this product stored for the caller's
 * tenant: the built-in storage or one of the tenant's OSS configurations, with a well-formed key of that
 * tenant. An outside address would make every viewer's browser call it (tracking, phishing, internal hosts),
 * and another tenant's key would show that tenant's file under this one.
 */
export async function assertOwnStorageLink(app: FastifyInstance, db: Tx, tenantId: string, link: string, label: string): Promise<void> {
  if (!link) return;
  const domains = [LOCAL_DOMAIN];
  // Row-level security limits this to the caller's tenant's configurations.
  const configs = await db.select().from(bladeOss).where(eq(bladeOss.isDeleted, 0));
  for (const row of configs) {
    try {
      const store = storeFor(app, row);
      domains.push(store.domain);
      store.close?.();
    } catch {
      // A configuration whose endpoint is not a valid URL stores nothing, so it has no links.
    }
  }
  const ok = domains.some((d) => link.startsWith(`${d}/`) && keyTenant(link.slice(d.length + 1)) === tenantId);
  if (!ok) throw new BizError(FOREIGN_LINK(label));
}
