import { ok, type Route, type SeenRequest } from './fetch-stub';

/** `GET dict/dictionary?code=` answering the given entries per code ([dictKey, dictValue, dictValueEn?]). */
export function dictionaryRoute(dicts: Record<string, Array<[string, string, string?]>>): Record<string, Route> {
  return {
    'GET /api/blade-system/dict/dictionary': (req: SeenRequest) =>
      ok(
        (dicts[req.query.code!] ?? []).map(([dictKey, dictValue, dictValueEn = ''], i) => ({
          id: `${req.query.code}-${dictKey}`,
          parentId: '1',
          code: req.query.code!,
          dictKey,
          dictValue,
          dictValueEn,
          sort: i + 1,
          remark: '',
        })),
      ),
  };
}
