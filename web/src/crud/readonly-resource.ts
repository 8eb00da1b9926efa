import type { ReadonlyDefinition } from '@zoo/contract';
import { z } from 'zod';
import type { CrudResource, RowOf } from './types';

/** What a readonlyResource gives: the CrudResource view of a list + detail contract. */
export type ReadonlyResource<R extends ReadonlyDefinition> = CrudResource & { record: R['record'] };

/**
 * A contract `defineReadonly(...)` (logs) as a CrudResource for a `readOnly` page: no submit input, no
 * add/edit/delete codes. Its submit/remove slots point at the list call only to fill the shape; a readOnly
 * page never shows the buttons that would use them.
 */
export function readonlyResource<R extends ReadonlyDefinition>(def: R): ReadonlyResource<R> {
  const { list, detail } = def.endpoints;
  return {
    name: def.name,
    title: def.title,
    record: def.record,
    input: z.object({}),
    filters: def.filters,
    perms: { add: '', edit: '', delete: '', view: def.perms.view },
    endpoints: { list, detail, submit: list, remove: list },
  };
}

export type ReadonlyRow<R extends ReadonlyDefinition> = RowOf<ReadonlyResource<R>>;
