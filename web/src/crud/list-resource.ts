import type { Endpoint, Permission } from '@zoo/contract';
import { z } from 'zod';
import type { CrudResource } from './types';

/**
 * A browse-only screen over one list call that is not a contract resource (the workflow's work lists,
 * deployed definitions, running instances): the record schema gives the columns, the page adds its own row
 * actions. The detail/submit/remove slots point at the list only to fill the shape; a readOnly page never
 * shows the buttons that would use them.
 */
export function listResource<R extends z.ZodObject>(spec: { name: string; title: string; record: R; list: Endpoint; view: Permission }): CrudResource & { record: R } {
  return {
    name: spec.name,
    title: spec.title,
    record: spec.record,
    input: z.object({}),
    filters: z.object({}),
    perms: { add: '', edit: '', delete: '', view: spec.view },
    endpoints: { list: spec.list, detail: spec.list, submit: spec.list, remove: spec.list },
  };
}
