import { CITES_PURPOSES, CITES_SOURCES, permit, type PermitRecord } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/**
 * The permits a movement or transfer names (decision 0040): the zoo's permits in force with a line for the form's
 * species, each with what it still covers of that species, so the user sees before saving whether it suffices.
 */
export function PermitPick(control: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const speciesId = Form.useWatch('speciesId', form) as string | undefined;
  const query = useQuery({
    queryKey: ['permit-pick', speciesId],
    queryFn: async () =>
      (await call(permit.endpoints.list, { query: { speciesId: speciesId!, state: 'valid', current: 1, size: 50 } as never })) as { records: PermitRecord[] },
    enabled: Boolean(speciesId),
  });
  const options = (query.data?.records ?? []).map((p) => {
    const mine = p.lines.filter((l) => l.speciesId === speciesId);
    // A line stating a sex covers only that sex: say what is left per sex when a line states one.
    const left = mine.some((l) => l.sex)
      ? mine.map((l) => t('zooPermitPick.leftOfSex', { sex: t(`zooPermitPick.sexes.${l.sex}`), n: l.remaining })).join(t('zooPermitPick.and'))
      : String(mine.reduce((s, l) => s + l.remaining, 0));
    return {
      value: p.id,
      label: t('zooPermitPick.option', { no: p.permitNo, kind: t(`zooPermitPick.kinds.${p.kind}`), left, to: p.validTo || '—' }),
    };
  });
  return (
    <Select
      id={control.id}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isFetching}
      options={options}
      value={(control.value as string[] | undefined) ?? []}
      onChange={(v) => control.onChange?.(v)}
      placeholder={speciesId ? t('zooPermitPick.placeholder') : t('zooPermitPick.speciesFirst')}
      notFoundContent={speciesId ? t('zooPermitPick.none') : undefined}
    />
  );
}

const codeOptions = (keys: readonly string[], prefix: string, t: (k: string) => string) =>
  keys.map((k) => ({ value: k, label: `${k} ${t(`${prefix}.${k}`)}` }));

/** Cross-border: the switch, then the CITES purpose and source codes of the shipment (Res. Conf. 12.3). */
export function CrossBorderFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const abroad = Boolean(Form.useWatch('crossBorder', form));
  return (
    <Space size={8} wrap align="start">
      <Form.Item name="crossBorder" label={t('zooPermitPick.crossBorder')} valuePropName="checked" labelCol={{ flex: '120px' }}>
        <Switch />
      </Form.Item>
      {abroad ? (
        <>
          <Form.Item name="purposeCode" label={t('zooPermitPick.purposeCode')} required labelCol={{ flex: '120px' }}>
            <Select style={{ width: 220 }} options={codeOptions(CITES_PURPOSES, 'zooPermitPick.purposes', t)} />
          </Form.Item>
          <Form.Item name="sourceCode" label={t('zooPermitPick.sourceCode')} required labelCol={{ flex: '120px' }}>
            <Select style={{ width: 220 }} options={codeOptions(CITES_SOURCES, 'zooPermitPick.sources', t)} />
          </Form.Item>
        </>
      ) : null}
    </Space>
  );
}
