import type { Endpoint, Permission } from '@zoo/contract';
import { z } from 'zod';
import type { CrudResource } from './types';

/**
 * A browse-only screen over one list call that is not a contract resource (the workflow's work lists,
 * deployed definitions, running instances): the record schema gives the columns, the page adds its own row
 * actions. It declares the list call alone.
 */
export function listResource<R extends z.ZodObject>(spec: {
  name: string;
  title: string;
  record: R;
  list: Endpoint;
  view: Permission;
}): CrudResource & { record: R } {
  return {
    name: spec.name,
    title: spec.title,
    record: spec.record,
    input: z.object({}),
    filters: z.object({}),
    perms: { add: '', edit: '', delete: '', view: spec.view },
    endpoints: { list: spec.list },
  };
}
