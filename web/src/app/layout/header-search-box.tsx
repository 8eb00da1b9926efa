import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuName } from '../router/menu-name';
import { matchMenus } from './menu-match';
import { useOpenMenu } from './use-open-menu';
import { useSearchableMenu } from './use-searchable-menu';

/** Header autocomplete over menu names (same prefix matcher as the overlay); header-search.tsx loads it. */
export function HeaderSearchBox({ query, setQuery, autoFocus }: { query: string; setQuery: (q: string) => void; autoFocus: boolean }) {
  const { t } = useTranslation();
  const entries = useSearchableMenu();
  const openMenu = useOpenMenu();
  const hits = query.trim() ? matchMenus(entries, query) : [];
  return (
    <AutoComplete
      value={query}
      onChange={setQuery}
      options={hits.map((h) => ({ value: h.path, label: menuName(h.node) }))}
      onSelect={(path: string) => {
        const hit = entries.find((e) => e.path === path);
        setQuery('');
        if (hit) openMenu(hit);
      }}
      style={{ width: 180 }}
      popupMatchSelectWidth={240}
      // Typed into the plain input while this loaded: show the hits at once.
      defaultOpen={query.trim() !== ''}
    >
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('shell.searchPlaceholder')}
        aria-label={t('shell.findMenu')}
        data-testid="header-search"
        autoFocus={autoFocus}
      />
    </AutoComplete>
  );
}
