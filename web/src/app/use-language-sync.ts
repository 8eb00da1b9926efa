import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { i18n, type Language } from '../lib/i18n';

/**
 * Keeps i18next, dayjs and <html lang> on the language held in the session store; after a switch, the cached
 * answers are fetched again, since the server names things (dictionary labels, messages) in the asked language.
 */
export function useLanguageSync(language: Language, client?: QueryClient): void {
  const first = useRef(language);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    if (client && first.current !== language) {
      first.current = language;
      void client.invalidateQueries();
    }
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language, client]);
}
