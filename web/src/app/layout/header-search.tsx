import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HeaderSearchBox = lazy(() => import('./header-search-box').then((m) => ({ default: m.HeaderSearchBox })));

/**
 * The header's menu search. A plain input until the pointer or focus reaches it; then the autocomplete (antd
 * AutoComplete brings the whole select machinery, ~25 KB) loads and takes its place, keeping what was typed.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<'no' | 'hover' | 'focus'>('no');
  const plain = (
    <Input
      size="small"
      allowClear
      prefix={<SearchOutlined />}
      placeholder={t('shell.searchPlaceholder')}
      aria-label={t('shell.findMenu')}
      data-testid="header-search"
      // It is the autocomplete's input, whose list is not loaded yet.
      role="combobox"
      aria-expanded={false}
      value={query}
      onChange={(e) => {
        setQuery(e.target.value);
        setActive('focus');
      }}
      onMouseEnter={() => setActive((a) => (a === 'no' ? 'hover' : a))}
      onFocus={() => setActive('focus')}
      style={{ width: 180 }}
    />
  );
  if (active === 'no') return plain;
  return (
    <Suspense fallback={plain}>
      <HeaderSearchBox query={query} setQuery={setQuery} autoFocus={active === 'focus'} />
    </Suspense>
  );
}
