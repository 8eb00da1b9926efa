import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zh } from './zh';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];

/** A feature's labels in both languages, merged into the one translation namespace. */
export interface I18nBundle {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

/**
 * Idempotent so tests and main can both call it; feature bundles are passed in explicitly by the
 * app (lib never imports features).
 */
export function initI18n(lng: Language, bundles: readonly I18nBundle[] = []): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { zh: { translation: zh }, en: { translation: en } },
      lng,
      fallbackLng: 'zh',
      interpolation: { escapeValue: false },
      initAsync: false,
      // Feature labels arrive with the signed-in shell's chunk: re-render what was drawn before they landed.
      react: { bindI18nStore: 'added' },
    });
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  addI18nBundles(bundles);
  return i18n;
}

/** Merges feature bundles into the one namespace (idempotent: later values win, nothing is lost). */
export function addI18nBundles(bundles: readonly I18nBundle[]): void {
  for (const b of bundles) {
    i18n.addResourceBundle('zh', 'translation', b.zh, true, true);
    i18n.addResourceBundle('en', 'translation', b.en, true, true);
  }
}

/** Translation for non-React code (request layer, confirm dialogs). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);

export { i18n };
