import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

type Box = ComponentType<{ query: string; setQuery: (q: string) => void; autoFocus: boolean }>;
let loadedBox: Box | undefined;
const loadBox = () => import('./header-search-box').then((m) => (loadedBox = m.HeaderSearchBox));

/**
 * The header's menu search. A plain input until the pointer, focus or typing reaches it; the autocomplete (antd
 * AutoComplete brings the whole select machinery, ~25 KB) then loads and takes its place once it has arrived,
 * keeping what was typed meanwhile (the input is not swapped while a key may be landing in it).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [Box, setBox] = useState<Box | undefined>(() => loadedBox);
  const want = () => {
    if (!Box) void loadBox().then((b) => setBox(() => b));
  };
  if (Box) return <Box query={query} setQuery={setQuery} autoFocus={focused} />;
  return (
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
        want();
      }}
      onMouseEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      style={{ width: 180 }}
    />
  );
}
