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
