import { CITES_KINDS, CITES_PURPOSES, CITES_SOURCES, PERMIT_KINDS, PERMIT_SEX, permit, type PermitLine } from '@zoo/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { ZooSpeciesSelect } from '../shared/registry-widgets';

const opts = (prefix: string, keys: readonly (number | string)[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));

type LineIn = { speciesId?: string; sex?: number; quantity?: number };

/** The species lines of a permit: species, sex (any), quantity; one row each. */
function LinesEditor(control: ControlProps) {
  const { t } = useTranslation();
  const lines = ((control.value as LineIn[] | undefined) ?? []).map((l) => ({ speciesId: l.speciesId, sex: Number(l.sex ?? 0), quantity: l.quantity }));
  const set = (next: LineIn[]) => control.onChange?.(next);
  const edit = (i: number, patch: LineIn) => set(lines.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="permit-lines">
      {lines.map((l, i) => (
        <Space key={i} wrap align="center">
          <div style={{ width: 240 }}>
            {/* The first line's species takes the field's id, so the field's label names it. */}
            <ZooSpeciesSelect all id={i === 0 ? control.id : undefined} value={l.speciesId} onChange={(v) => edit(i, { speciesId: v as string })} />
          </div>
          <Select
            style={{ width: 100 }}
            value={l.sex}
            options={PERMIT_SEX.map((s) => ({ value: s, label: t(`zooPermit.sexes.${s}`) }))}
            onChange={(v) => edit(i, { sex: v })}
            aria-label={t('zooPermit.sex')}
          />
          <InputNumber
            min={1}
            precision={0}
            style={{ width: 120 }}
            value={l.quantity}
            placeholder={t('zooPermit.quantity')}
            aria-label={t('zooPermit.quantity')}
            onChange={(v) => edit(i, { quantity: v ?? undefined })}
          />
          {lines.length > 1 ? <MinusCircleOutlined onClick={() => set(lines.filter((_, k) => k !== i))} /> : null}
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => set([...lines, { sex: 0 }])}>
        {t('zooPermit.addLine')}
      </Button>
    </Space>
  );
}

/** Lines as the list shows them: species ×quantity (remaining). */
function LinesText({ lines }: { lines: PermitLine[] }) {
  const { t } = useTranslation();
  return (
    <>
      {lines.map((l) => (
        <div key={`${l.speciesId}/${l.sex}`}>
          {l.quantity
            ? t(l.sex ? 'zooPermit.lineTextSex' : 'zooPermit.lineText', {
                name: l.speciesName,
                sex: t(`zooPermit.sexes.${l.sex}`),
                quantity: l.quantity,
                remaining: l.remaining,
              })
            : t('zooPermit.lineNoQuantity', { name: l.speciesName })}
        </div>
      ))}
    </>
  );
}

/** Expiry colouring: expired red, within 7 days red, 30 orange, 60 gold, else green; used up grey. */
export function ExpiryTag({ state, daysLeft }: { state: string; daysLeft: number | '' }) {
  const { t } = useTranslation();
  const colour =
    state === 'expired'
      ? 'red'
      : state === 'used'
        ? 'default'
        : state === 'pending'
          ? 'blue'
          : daysLeft === ''
            ? 'green'
            : daysLeft <= 7
              ? 'red'
              : daysLeft <= 30
                ? 'orange'
                : daysLeft <= 60
                  ? 'gold'
                  : 'green';
  const text = state === 'valid' && daysLeft !== '' && daysLeft <= 60 ? t('zooPermit.daysLeft', { n: daysLeft }) : t(`zooPermit.states.${state}`);
  return (
    <Tag color={colour} data-testid="permit-state">
      {text}
    </Tag>
  );
}

const isCites = (v: Record<string, unknown>) => CITES_KINDS.includes(Number(v.kind));

/** 许可证管理 (contract `permit`, decision 0040). */
export const permitPage = defineCrudPage({
  crud: permit,
  i18n: 'zooPermit',
  fields: {
    kind: { options: opts('zooPermitPick.kinds', PERMIT_KINDS), search: true, width: 150 },
    permitNo: { search: true, width: 150 },
    issuingAuthority: { width: 150 },
    holderName: { table: false },
    validFrom: { widget: 'date', width: 110 },
    validTo: { widget: 'date', width: 110 },
    state: { form: false, width: 110, render: (v, row) => <ExpiryTag state={String(v)} daysLeft={row.daysLeft} /> },
    purposeCode: { options: opts('zooPermitPick.purposes', CITES_PURPOSES), table: false, when: isCites },
    sourceCode: { options: opts('zooPermitPick.sources', CITES_SOURCES), table: false, when: isCites },
    counterpart: { table: false },
    lines: {
      widget: 'custom',
      input: (p: ControlProps) => <LinesEditor {...p} />,
      span: 24,
      width: 220,
      render: (v) => <LinesText lines={v as PermitLine[]} />,
    },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { kind: 3, validFrom: chinaDay().format('YYYY-MM-DD'), lines: [{ sex: 0 }] as never },
  modalWidth: 820,
  actionWidth: 240,
  auditTable: 'zoo_permit',
});
