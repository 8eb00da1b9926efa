import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { pageName } from '../router/page-name';
import { useRouteMeta } from '../router/use-route-meta';
import { addTag, closeTag, isClosable, tagHref } from './tags';

/** Visited routes as tabs. Tab menu (close others, clear cache…) comes with the full shell. */
export function LayoutTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, meta } = useRouteMeta();
  const tags = useSession((s) => s.tags);
  const setTags = useSession((s) => s.setTags);
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

  return (
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
        label: tag.meta ? pageName(tag.meta, tag.value, t) : tag.label,
        closable: isClosable(tags, tag),
      }))}
      style={{ marginBottom: 0, padding: '4px 12px 0', background: '#fff' }}
    />
  );
}
