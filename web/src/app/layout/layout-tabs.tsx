import { DownOutlined } from '@ant-design/icons';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm, toast } from '../../lib/feedback';
import { call } from '../../lib/request';
import { useSession } from '../../lib/session';
import { pageName } from '../router/page-name';
import { warmRoute } from '../router/preload-pages';
import { useRouteMeta } from '../router/use-route-meta';
import { useShellUi } from './shell-ui';
import { addTag, closeAllTags, closeOtherTags, closeTag, isClosable, tagHref, tagLabel } from './tags';

/** Visited routes as tabs (persisted, so they survive a reload) with the tab menu of spec §2. */
export function LayoutTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, meta } = useRouteMeta();
  const tags = useSession((s) => s.tags);
  const setTags = useSession((s) => s.setTags);
  const menu = useSession((s) => s.menu);
  const show = useShellUi((s) => s.show);
  const client = useQueryClient();
  const label = pageName(meta, pathname, t);
  // Only pages opt in (redirect routes like `/` carry the layout's meta and must not become tabs).
  const isTab = meta?.isTab === true;

  useEffect(() => {
    if (!isTab) return;
    const tagMeta = { label: meta?.label, title: meta?.title };
    const next = addTag(useSession.getState().tags, { label, value: pathname, query: search || undefined, meta: tagMeta });
    setTags(next);
  }, [isTab, label, meta?.label, meta?.title, pathname, search, setTags]);

  const onClose = (value: string) => {
    const result = closeTag(tags, value, pathname);
    setTags(result.tags);
    if (result.next) navigate(tagHref(result.next));
  };

  const onMenu = (key: string) => {
    if (key === 'search') return show('search');
    if (key === 'closeOthers') return setTags(closeOtherTags(tags, pathname));
    if (key === 'closeAll') {
      const { tags: rest, next } = closeAllTags(tags);
      setTags(rest);
      return navigate(tagHref(next));
    }
    if (key === 'clearCache') {
      confirm({
        title: t('layout.tip'),
        content: t('shell.tags.clearCacheConfirm'),
        onOk: async () => {
          await call(firstEndpoints.clearCache);
          toast.success(t('shell.tags.clearCacheDone'));
        },
      });
    }
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 12px 0', background: '#fff' }} data-testid="shell-tabs">
      <Tabs
        size="small"
        type="editable-card"
        hideAdd
        activeKey={pathname}
        onChange={(key) => {
          const tag = tags.find((x) => x.value === key);
          if (tag) navigate(tagHref(tag));
        }}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onClose(key)}
        items={tags.map((tag) => ({
          key: tag.value,
          // Resting on a tab refreshes that screen's list before the click (decision 0048).
          label: <span onMouseEnter={() => warmRoute(tag.value, client)}>{tagLabel(tag, menu, t)}</span>,
          closable: isClosable(tags, tag),
        }))}
        style={{ marginBottom: 0, flex: 1, minWidth: 0 }}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          onClick: ({ key }) => onMenu(key),
          items: [
            { key: 'search', label: t('shell.tags.search') },
            { key: 'closeOthers', label: t('shell.tags.closeOthers') },
            { key: 'closeAll', label: t('shell.tags.closeAll') },
            { key: 'clearCache', label: t('shell.tags.clearCache') },
          ],
        }}
      >
        <Button size="small" type="primary" data-testid="tabs-menu">
          {t('shell.tags.menu')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
