import { AsyncLocalStorage } from 'node:async_hooks';

/** The languages the API answers in; Chinese is the default (decision 0049). */
export type Lang = 'zh' | 'en';

/**
 * The caller's language from `Accept-Language`: the tag of highest weight among zh and en (`en-US,en;q=0.9` → en,
 * `zh-CN,zh;q=0.9,en;q=0.8` → zh); none of them, or no header, is Chinese.
 */
export function languageOf(header: string | string[] | undefined): Lang {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'zh';
  let best: { lang: Lang; q: number } | undefined;
  for (const part of text.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'en' && primary !== 'zh') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'zh';
}

/**
 * The language of a request: a `lang` query parameter (zh or en) wins, for what the browser opens by link — an
 * xlsx export sends no header of the app (the web adds `lang` beside the `Blade-Auth` token) —; else
 * `Accept-Language`.
 */
export function requestLanguage(req: { headers: Record<string, string | string[] | undefined>; url: string }): Lang {
  // From the address, not the parsed query: an endpoint's query schema drops keys it does not declare.
  const at = req.url.indexOf('?');
  const q = at < 0 || !req.url.includes('lang=', at) ? null : new URLSearchParams(req.url.slice(at + 1)).get('lang');
  if (q === 'en' || q === 'zh') return q;
  return languageOf(req.headers['accept-language']);
}

const store = new AsyncLocalStorage<Lang>();

/**
 * Runs a request's work in its language, so code that names things (dictionary labels, shipped process names)
 * reads it without every handler passing it on. Chinese requests skip the store: the default costs nothing.
 */
export const inLanguage = <T>(lang: Lang, fn: () => T): T => (lang === 'zh' ? fn() : store.run(lang, fn));

/** The language of the request being served ('zh' outside a request). */
export const currentLanguage = (): Lang => store.getStore() ?? 'zh';

/** The label of a row that carries an English one beside its Chinese one (falls back to the Chinese). */
export const localLabel = (zh: string, en: string | null | undefined, lang: Lang = currentLanguage()): string => (lang === 'en' && en ? en : zh);
