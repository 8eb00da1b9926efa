import { DISPOSALS, medNecropsy, medQuarantine, stockLog } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { AnimalSelect } from './vet-widgets';
import { PickOne } from '../../../components/pick-select';

const today = () => chinaDay().format('YYYY-MM-DD');
const opts = (prefix: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));
const animalField = {
  widget: 'custom',
  input: (p: ControlProps) => <AnimalSelect {...p} />,
  search: { input: (p: ControlProps) => <AnimalSelect {...p} /> },
  table: false,
  view: false,
  span: 24,
} as const;

function QuarantineStateTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Tag color={value === 1 ? 'orange' : 'green'}>{t(`vetQuarantine.states.${value}`)}</Tag>;
}

/** 隔离检疫 (contract `medQuarantine`): arrivals' quarantines and those opened by hand; 解除隔离 is the page's row action. */
export const quarantinePage = defineCrudPage({
  crud: medQuarantine,
  i18n: 'vetQuarantine',
  fields: {
    animalId: animalField,
    animalName: { form: false, width: 140 },
    speciesName: { form: false, width: 100 },
    cageName: { form: false, width: 140 },
    startDate: { widget: 'date', width: 110, search: { range: ['startDate_datege', 'startDate_datele'] } },
    days: { widget: 'number', width: 90 },
    endDate: { form: false, width: 110 },
    quarantineStatus: {
      form: false,
      width: 90,
      options: opts('vetQuarantine.states', [1, 2]),
      search: true,
      render: (v) => <QuarantineStateTag value={Number(v)} />,
    },
    releaseDate: { form: false, width: 110 },
    releaseVetName: { form: false, width: 90 },
    findings: { form: false, table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { startDate: today() },
});

type DeathRow = { id: string; animalName: string; speciesName: string; eventDate: string };

/** An individual's death (存栏变动 死亡登记), newest first. */
export function DeathSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['vet', 'deaths'],
    queryFn: () => call(stockLog.endpoints.list, { query: { current: 1, size: 200, movementType: 'die', animalType: '1' } }),
  });
  const options = (((q.data as { records?: DeathRow[] } | undefined)?.records ?? []) as DeathRow[]).map((d) => ({
    value: d.id,
    label: `${d.animalName} · ${d.speciesName} · ${String(d.eventDate).slice(0, 10)}`,
  }));
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('vetNecropsy.stockLogId')}
      loading={q.isLoading}
      disabled={disabled}
      options={options}
      style={{ minWidth: 260 }}
    />
  );
}

/** 尸体剖检 (contract `medNecropsy`): a necropsy per death; class I/II species need the disposal papers (server rule). */
export const necropsyPage = defineCrudPage({
  crud: medNecropsy,
  i18n: 'vetNecropsy',
  fields: {
    stockLogId: { widget: 'custom', input: (p: ControlProps) => <DeathSelect {...p} />, table: false, view: false, span: 24 },
    animalId: { form: false, table: false, view: false, search: { input: (p: ControlProps) => <AnimalSelect {...p} /> } },
    animalName: { form: false, width: 140 },
    speciesName: { form: false, width: 100 },
    protectionClass: { form: false, width: 90, options: opts('vetNecropsy.classes', [0, 1, 2]) },
    deathDate: { form: false, width: 110 },
    necropsyDate: { widget: 'date', width: 110, search: { range: ['necropsyDate_datege', 'necropsyDate_datele'] } },
    prosector: { width: 90 },
    causeOfDeath: { width: 180 },
    findings: { widget: 'textarea', rows: 4, table: false, span: 24 },
    samples: { widget: 'textarea', rows: 2, table: false, span: 24 },
    disposal: { options: opts('vetNecropsy.disposals', DISPOSALS), search: true, width: 100 },
    disposalDate: { widget: 'date', width: 110 },
    disposalRecord: { table: false },
    authorityRef: { width: 140 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { necropsyDate: today(), disposal: 1 },
  modalWidth: 860,
});
