import { permitEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CrudPage, useCan } from '../../../crud';
import { call } from '../../../lib/request';
import { UserText } from '../../../components/user-text';
import { BizAttachments } from '../shared/biz-attachments';
import { permitPage } from './permit.crud';
import { CitesReportPanel, InventoryReportPanel, MarkingTodoPanel } from './permit-reports';

/** A permit's use history: the exports and transfers that used it, oldest first. */
function Uses({ permitId }: { permitId: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['permit-uses', permitId], queryFn: () => call(permitEndpoints.uses, { query: { permitId } }) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('zooPermit.noUses') }}
      columns={[
        { title: t('zooPermit.useDate'), dataIndex: 'useDate' },
        { title: t('zooPermit.useKind'), dataIndex: 'useKind', render: (v: string) => t(`zooPermit.useKinds.${v}`) },
        { title: t('zooPermit.speciesName'), dataIndex: 'speciesName' },
        { title: t('zooPermit.quantity'), dataIndex: 'quantity' },
      ]}
    />
  );
}

/** A permit's scans (bizType permit): uploaded and removed with 许可证管理's edit button, as the server requires. */
function Scans({ permitId }: { permitId: string }) {
  const { t } = useTranslation();
  return (
    <BizAttachments
      bizType="permit"
      bizId={permitId}
      editCode="permit_edit"
      accept="image/*,.pdf"
      testId="permit-scan"
      texts={{ title: t('zooPermit.scans'), upload: t('zooPermit.uploadScan'), uploaded: t('zooPermit.scanUploaded'), empty: t('zooPermit.noScans') }}
    />
  );
}

type Opened = { id: string; no: string; tab: 'uses' | 'scans' };

/** The permit list with a drawer per permit: its use history and its scans. */
function PermitList() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Opened | undefined>();
  return (
    <>
      <CrudPage
        def={permitPage}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" data-testid="permit-uses" onClick={() => setOpen({ id: row.id, no: row.permitNo, tab: 'uses' })}>
              {t('zooPermit.uses')}
            </Button>
            <Button type="link" size="small" data-testid="permit-scans" onClick={() => setOpen({ id: row.id, no: row.permitNo, tab: 'scans' })}>
              {t('zooPermit.scans')}
            </Button>
          </>
        )}
      />
      <Drawer
        open={Boolean(open)}
        width={Math.min(720, window.innerWidth)}
        title={
          open ? (
            <>
              {t('zooPermit.permitTitle')} <UserText>{open.no}</UserText>
            </>
          ) : (
            ''
          )
        }
        onClose={() => setOpen(undefined)}
        destroyOnHidden
      >
        {open ? (
          <Tabs
            activeKey={open.tab}
            onChange={(k) => setOpen({ ...open, tab: k as Opened['tab'] })}
            items={[
              { key: 'uses', label: t('zooPermit.uses'), children: <Uses permitId={open.id} /> },
              { key: 'scans', label: t('zooPermit.scans'), children: <Scans permitId={open.id} /> },
            ]}
          />
        ) : null}
      </Drawer>
    </>
  );
}

/**
 * /zoo/permit — 许可证管理: the zoo's licences, transport certificates and CITES documents, coloured by expiry; the
 * 专用标识 to-do list; with `permit_report`, the annual inventory and the CITES annual report (`?tab=` opens one).
 */
export default function PermitPage() {
  const { t } = useTranslation();
  const canReport = useCan('permit_report');
  const [params, setParams] = useSearchParams();
  const items = [
    { key: 'permits', label: t('zooPermit.title'), children: <PermitList /> },
    { key: 'marking', label: t('zooPermitReport.tabs.marking'), children: <MarkingTodoPanel /> },
    ...(canReport
      ? [
          { key: 'inventory', label: t('zooPermitReport.tabs.inventory'), children: <InventoryReportPanel /> },
          { key: 'cites', label: t('zooPermitReport.tabs.cites'), children: <CitesReportPanel /> },
        ]
      : []),
  ];
  const active = items.some((i) => i.key === params.get('tab')) ? params.get('tab')! : 'permits';
  return <Tabs activeKey={active} onChange={(k) => setParams({ tab: k }, { replace: true })} items={items} destroyOnHidden />;
}
