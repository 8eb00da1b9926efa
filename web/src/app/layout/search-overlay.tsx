import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../components/menu-icon';
import { menuName } from '../router/menu-name';
import { matchMenus } from './menu-match';
import { useShellUi } from './shell-ui';
import { useOpenMenu } from './use-open-menu';
import { useSearchableMenu } from './use-searchable-menu';

/** Full-width menu search (Esc closes); the same matcher as the header autocomplete. */
export function SearchOverlay() {
  const { t } = useTranslation();
  const open = useShellUi((s) => s.open === 'search');
  const close = useShellUi((s) => s.close);
  const entries = useSearchableMenu();
  const openMenu = useOpenMenu();
  const [query, setQuery] = useState('');
  const hits = matchMenus(entries, query);
  const choose = (i: number) => {
    const hit = hits[i];
    if (!hit) return;
    close();
    setQuery('');
    openMenu(hit);
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      keyboard
      destroyOnHidden
      width={640}
      styles={{ body: { padding: 0 } }}
      title={null}
      className="zoo-search-overlay"
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('shell.searchPlaceholder')}
        aria-label={t('shell.findMenu')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onPressEnter={(e) => {
          // Without it the Enter's keypress lands on the button focus returns to, which opens the overlay again.
          e.preventDefault();
          choose(0);
        }}
      />
      <div style={{ maxHeight: 420, overflow: 'auto', marginTop: 8 }} data-testid="search-results">
        {hits.length ? (
          <List
            size="small"
            dataSource={hits}
            renderItem={(hit, i) => (
              <List.Item key={hit.path} style={{ cursor: 'pointer' }} onClick={() => choose(i)}>
                <List.Item.Meta avatar={menuIcon(hit.node.source)} title={menuName(hit.node)} description={hit.path} />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('shell.searchEmpty')} />
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('shell.searchHint')}
      </Typography.Text>
    </Modal>
  );
}
