import type { Lang } from './request-language';
import { MESSAGES_EN } from './messages-en';
import { RULES } from './message-patterns';

const CJK = /[\u3400-\u9fff]/;

/** The English text of a message, or undefined when the catalogue has none. */
function english(msg: string): string | undefined {
  const exact = MESSAGES_EN[msg];
  if (exact !== undefined) return exact;
  for (const rule of RULES) {
    const out = rule(msg, english);
    if (out !== undefined) return out;
  }
  return undefined;
}

/**
 * A message in the caller's language (decision 0049): the code throws Chinese, the one place answers go out (the
 * error handler, the success envelope) translates it for an English request. Untranslated messages stay Chinese.
 */
export function localizeMessage(msg: string, lang: Lang): string {
  if (lang === 'zh' || !msg || !CJK.test(msg)) return msg;
  return english(msg) ?? msg;
}
