import type { ReadonlyDefinition } from '@zoo/contract';
import { z } from 'zod';
import type { CrudResource, RowOf } from './types';

/** What a readonlyResource gives: the CrudResource view of a list + detail contract. */
export type ReadonlyResource<R extends ReadonlyDefinition> = CrudResource & { record: R['record']; params: R['params'] };

/**
 * A contract `defineReadonly(...)` (logs) as a CrudResource for a `readOnly` page: no submit input, no
 * add/edit/delete codes, the list and detail calls alone.
 */
export function readonlyResource<R extends ReadonlyDefinition>(def: R): ReadonlyResource<R> {
  const { list, detail } = def.endpoints;
  return {
    name: def.name,
    title: def.title,
    record: def.record,
    input: z.object({}),
    filters: def.filters,
    params: def.params,
    perms: { add: '', edit: '', delete: '', view: def.perms.view },
    endpoints: { list, detail },
  };
}

export type ReadonlyRow<R extends ReadonlyDefinition> = RowOf<ReadonlyResource<R>>;
