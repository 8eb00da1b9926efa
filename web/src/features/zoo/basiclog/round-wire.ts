import type { basicLog, basicLogEndpoints, dietEndpoints, Endpoint } from '@zoo/contract';

/** The contract endpoint `E` as `call()` uses it (method, path, raw), typed as the full endpoint. */
const wire = <E extends Endpoint>(w: Pick<E, 'method' | 'path' | 'raw'>): E => w as E;

/**
 * What the round's first paint needs from the contract, without its zod schemas: importing the contract's objects
 * would put zod and every schema (about 570 kB of script to compile) in front of the round opened offline
 * (decision 0046). The types are the contract's; round-wire.test.ts checks the values equal it.
 */
export const roundWire = {
  round: wire<typeof basicLogEndpoints.round>({ method: 'GET', path: '/zoo/basicLog/today/round' }),
  feedings: wire<typeof dietEndpoints.feedings>({ method: 'GET', path: '/zoo/basicLog/today/feedings' }),
  perms: { add: 'basiclog_add', edit: 'basiclog_edit' } as const satisfies Pick<typeof basicLog.perms, 'add' | 'edit'>,
};
