import { animal, cage, species, stockApprovalEndpoints, transferLogEndpoints, type StockApproval } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/request';

const STATE_COLOR: Record<StockApproval['state'], string> = { pending: 'processing', approved: 'success', rejected: 'error', cancelled: 'default' };
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A name for an id the approver may not be allowed to read (no zoo menus): the id stays. */
function useName(kind: 'species' | 'animal' | 'cage' | 'zoo', id: string): string {
  const q = useQuery({
    queryKey: ['stock-approval-name', kind, id],
    enabled: Boolean(id),
    retry: false,
    queryFn: async () => {
      if (kind === 'zoo') return (await call(transferLogEndpoints.zoos, {})).find((z) => z.tenantId === id)?.tenantName ?? id;
      if (kind === 'species') return (await call(species.endpoints.detail, { query: { id } })).speciesName as string;
      if (kind === 'animal') {
        const a = await call(animal.endpoints.detail, { query: { id } });
        return [a.localNo, a.animalName].filter(Boolean).join(' ');
      }
      return (await call(cage.endpoints.detail, { query: { id } })).cageName as string;
    },
  });
  return q.data || id;
}

/**
 * The movement waiting for approval (export, death, deregistration or outgoing transfer), as the requester entered
 * it: what, which stock, how many, when, why — and, once decided, the outcome.
 */
export function StockApprovalInfo({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['stock-approval', businessId], queryFn: () => call(stockApprovalEndpoints.detail, { query: { businessId } }) });
  const p = detail.data?.payload ?? {};
  const speciesName = useName('species', str(p.speciesId));
  const animalName = useName('animal', str(p.animalId));
  const cageName = useName('cage', str(p.cageId));
  const toZooName = useName('zoo', str(p.toTenantId));
  if (detail.isPending) return <Spin />;
  if (detail.isError) return null;
  const a = detail.data;
  const date = str(p.exportDate) || str(p.dieDate) || str(p.cancelDate) || str(p.transferDate);
  const heads = [Number(p.maleQuantity ?? 0), Number(p.femaleQuantity ?? 0), Number(p.theyQuantity ?? 0)];
  return (
    <>
      {a.state === 'rejected' && a.reason && (
        <Alert type="error" showIcon title={t('stockApproval.rejectedWhy', { reason: a.reason })} style={{ marginBottom: 12 }} />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="stock-approval-info">
        <Descriptions.Item label={t('stockApproval.movement')}>{t(`stockApproval.kind.${a.movement}`)}</Descriptions.Item>
        <Descriptions.Item label={t('stockApproval.state')}>
          <Tag color={STATE_COLOR[a.state]}>
            {a.movement === 'transfer' && a.state === 'approved' ? t('stockApproval.transferApproved') : t(`stockApproval.states.${a.state}`)}
          </Tag>
        </Descriptions.Item>
        {a.movement === 'transfer' && (
          <Descriptions.Item label={t('stockApproval.toZoo')} span={2}>
            {toZooName}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('stockApproval.requester')}>{a.flow.assigneeName || a.createUser}</Descriptions.Item>
        <Descriptions.Item label={t('stockApproval.requestTime')}>{a.createTime}</Descriptions.Item>
        <Descriptions.Item label={t('stockApproval.species')}>{speciesName}</Descriptions.Item>
        {p.animalId ? (
          <Descriptions.Item label={t('stockApproval.animal')}>{animalName}</Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('stockApproval.heads')}>
            {cageName} · {t('stockApproval.headsOf', { male: heads[0], female: heads[1], they: heads[2] })}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('stockApproval.date')}>{date}</Descriptions.Item>
        <Descriptions.Item label={t('stockApproval.decidedTime')}>{a.decidedTime}</Descriptions.Item>
        <Descriptions.Item label={t('stockApproval.remark')} span={2}>
          {[str(p.output), str(p.reason), str(p.remark)].filter(Boolean).join(' · ')}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
