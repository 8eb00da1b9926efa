import { apiScope, dataScope, dept, dict, dictBiz, menu, param, post, role, topmenu } from '@zoo/contract';

/**
 * Record fields of the contract resources a custom data-scope rule may name: suggestions for the column input
 * (any other column can still be typed; the server checks it against the resource).
 */
const RESOURCES = [param, role, dept, post, menu, topmenu, dataScope, apiScope, dict, dictBiz];

export function scopeColumns(resourceCode: string | undefined): string[] {
  const resource = RESOURCES.find((r) => r.name === resourceCode);
  return resource ? Object.keys(resource.record.shape).filter((k) => k !== 'tenantId') : [];
}
