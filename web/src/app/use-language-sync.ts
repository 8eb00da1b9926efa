import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { i18n, type Language } from '../lib/i18n';

/** Keeps i18next, dayjs and <html lang> on the language held in the session store. */
export function useLanguageSync(language: Language): void {
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
}
