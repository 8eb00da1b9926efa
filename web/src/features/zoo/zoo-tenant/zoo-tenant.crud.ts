import { ZooTenantRecord, zooTenantEndpoints } from '@zoo/contract';
import { z } from 'zod';
import { defineCrudPage, type CrudResource } from '../../../crud';

/**
 * The platform administrator's zoo list (tenant/zoo-list): every zoo with its licence scope size and stock.
 * Browse only; the list is the tenant resource seen through the zoo view.
 */
const zooTenant = {
  name: 'zoo_tenant',
  title: '动物园',
  record: ZooTenantRecord,
  input: z.object({}),
  filters: z.object({ tenantId: z.string().optional(), tenantName: z.string().optional() }),
  perms: { add: 'zoo_tenant_add', edit: 'zoo_tenant_edit', delete: 'zoo_tenant_delete', view: 'zoo_tenant_view' },
  endpoints: { list: zooTenantEndpoints.zooList },
} satisfies CrudResource;

export const zooTenantPage = defineCrudPage({
  crud: zooTenant,
  i18n: 'zooTenant',
  readOnly: true,
  actionWidth: 120,
  fields: {
    tenantId: { search: true, width: 110 },
    tenantName: { search: true },
    linkman: {},
    contactNumber: {},
    expireTime: { render: (v) => String(v ?? '').slice(0, 10) },
    speciesCount: { width: 110 },
    validSpeciesCount: { width: 120 },
    animalCount: { width: 100 },
    populationQuantity: { width: 110 },
  },
});
