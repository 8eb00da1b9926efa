import type { FastifyInstance } from 'fastify';
import { dict, dictBiz } from '@zoo/contract';
import { BIZ_DICT, dictItems, SYSTEM_DICT, type DictKind } from '../../../platform/dict/dict-cache';
import { route } from '../../../platform/http/route';
import { buildForest } from '../../../platform/resource/tree';

export { DICT_CACHE } from '../../../platform/dict/dict-cache';

/** `dictionary?code` (flat) and `dictionary-tree?code` (forest under the root) of both dictionaries, cached. */
export function dictDictionaryRoutes(app: FastifyInstance): void {
  const register = (api: typeof dict | typeof dictBiz, kind: DictKind) => {
    route(app, api.extra.dictionary, async ({ db, query, session }) => dictItems(app.zoo.cache, db, kind, session.tenantId, query.code));
    route(app, api.extra.dictionaryTree, async ({ db, query, session }) =>
      buildForest((await dictItems(app.zoo.cache, db, kind, session.tenantId, query.code)).map((i) => ({ ...i }))),
    );
  };
  register(dict, SYSTEM_DICT);
  register(dictBiz, BIZ_DICT);
}
