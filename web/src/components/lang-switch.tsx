import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../lib/i18n';
import { useSession } from '../lib/session';

/** zh/en switch used on the login page and in the header; the choice persists in the session. */
export function LangSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const setLanguage = useSession((s) => s.setLanguage);
  return (
    <Segmented<Language>
      size={size}
      aria-label="language"
      data-testid="lang-switch"
      value={language}
      onChange={setLanguage}
      // Each language names itself in its own language, marked so (screen readers read 中文 as Chinese, WCAG 3.1.2).
      options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l === 'zh' ? 'zh-CN' : 'en'}>{t(`lang.${l}`)}</span> }))}
    />
  );
}
