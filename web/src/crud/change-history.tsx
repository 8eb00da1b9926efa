import { auditEndpoints, type AuditChange, type AuditRecord } from '@zoo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/request';
import { auditValue, useAuditFieldLabel, visibleChanges } from './audit-fields';

const PAGE = 10;
export const ACTION_COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

/** One field's move: label, the old value struck through, the new one. */
export function ChangeLine({ change, label }: { change: AuditChange; label: string }) {
  // A reference (role, department, post, cage, species) by the name the server found for it.
  const before = auditValue(change.beforeName || change.before);
  const after = auditValue(change.afterName || change.after);
  return (
    <div data-testid="change-line" style={{ wordBreak: 'break-all' }}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      {before ? <Typography.Text delete>{before}</Typography.Text> : <Typography.Text type="secondary">∅</Typography.Text>}
      <span aria-hidden> → </span>
      {after ? <Typography.Text strong>{after}</Typography.Text> : <Typography.Text type="secondary">∅</Typography.Text>}
    </div>
  );
}

/**
 * The fields of one entry. A create or delete lists every filled field: folded behind a link, so the edits
 * (the entries people look for) stay readable in the timeline.
 */
function EntryChanges({ entry, label }: { entry: AuditRecord; label: (resource: string, field: string) => string }) {
  const { t } = useTranslation();
  const changes = visibleChanges(entry.changes);
  const foldable = entry.action !== 'update' && changes.length > 3;
  const [open, setOpen] = useState(false);
  return (
    <>
      {foldable && !open ? null : changes.map((c) => <ChangeLine key={c.field} change={c} label={label(entry.resource, c.field)} />)}
      {foldable ? (
        <Typography.Link onClick={() => setOpen(!open)}>{open ? t('history.fold') : t('history.unfold', { count: changes.length })}</Typography.Link>
      ) : null}
    </>
  );
}

interface Props {
  /** The audited table (`zoo_animal`) and the record's id. */
  table: string;
  id: string;
  /** The screen's i18n prefix, so fields carry the labels the screen shows. */
  i18n?: string;
}

/**
 * 变更记录: a record's audit trail, newest first, a page at a time. The server shows it to whoever may see the
 * record itself (same tenant, data scopes and access rule as its detail), so screens need no extra code to show it.
 */
export function ChangeHistory({ table, id, i18n }: Props) {
  const { t } = useTranslation();
  const label = useAuditFieldLabel(i18n);
  const history = useInfiniteQuery({
    queryKey: ['audit-history', table, id],
    queryFn: ({ pageParam }) => call(auditEndpoints.history, { query: { table, id, current: pageParam, size: PAGE } }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * PAGE < Number(last.total) ? all.length + 1 : undefined),
    enabled: Boolean(id),
  });
  if (history.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (history.isError) return <Alert type="error" showIcon message={t('history.failed')} />;
  const rows = history.data.pages.flatMap((p) => p.records) as AuditRecord[];
  if (!rows.length) return <Empty description={t('history.empty')} />;

  return (
    <div data-testid="change-history">
      <Timeline
        items={rows.map((r) => ({
          key: r.id,
          color: ACTION_COLORS[r.action] ?? 'gray',
          content: (
            <div data-testid="history-entry">
              <Flex wrap gap={8} align="center">
                <Tag color={ACTION_COLORS[r.action]}>{t(`history.action.${r.action}`)}</Tag>
                <Typography.Text strong>{r.userName || t('history.system')}</Typography.Text>
                <Typography.Text type="secondary">{r.createTime}</Typography.Text>
              </Flex>
              {r.reason ? (
                <div>
                  <Typography.Text type="secondary">{t('history.reason')}: </Typography.Text>
                  {r.reason}
                </div>
              ) : null}
              <EntryChanges entry={r} label={label} />
            </div>
          ),
        }))}
      />
      {history.hasNextPage ? (
        <Button block loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {t('history.more')}
        </Button>
      ) : null}
    </div>
  );
}
