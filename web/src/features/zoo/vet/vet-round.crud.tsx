import { ADMIN_STATES, MED_ROUTES, medAdministration, medGroupTreatment, medWeightRef, population } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { call } from '../../../lib/request';
import { defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { AdminStateTag } from '../shared/administration-round';
import { ZooSpeciesSelect } from '../shared/registry-widgets';
import { amountText } from '../shared/vet-amount';
import { GroupDosePreview } from './group-dose-preview';
import { AnimalSelect, DrugSelect, OutOfRangeTag } from './vet-widgets';
import { PickOne } from '../../../components/pick-select';

const today = () => chinaDay().format('YYYY-MM-DD');
const opts = (prefix: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));

/** 给药执行 (contract `medAdministration`): every ticked dose; the round above the list ticks today's. */
export const administrationPage = defineCrudPage({
  crud: medAdministration,
  i18n: 'vetAdministration',
  fields: {
    treatmentId: { form: false, table: false, view: false },
    animalId: { form: false, table: false, view: false, search: { input: (p: ControlProps) => <AnimalSelect {...p} /> } },
    animalName: { form: false, width: 140 },
    drugName: { form: false, width: 140 },
    dueDate: { form: false, width: 110, search: { range: ['dueDate_datege', 'dueDate_datele'] } },
    slot: { form: false, width: 70 },
    adminStatus: { options: opts('vetAdministration.states', ADMIN_STATES), search: true, width: 100, render: (v) => <AdminStateTag value={Number(v)} /> },
    givenTime: { width: 80 },
    executorName: { form: false, width: 100 },
    remark: { widget: 'textarea', rows: 2 },
  },
  defaults: {},
});

type PopulationRow = {
  id: string;
  populationName: string;
  speciesName: string;
  cageName: string;
  maleQuantity: number;
  femaleQuantity: number;
  theyQuantity: number;
};

/** A population of the zoo, labelled with its species, cage and head count. */
export function PopulationSelect({ id, value, onChange, disabled }: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['vet', 'populations'], queryFn: () => call(population.endpoints.list, { query: { current: 1, size: 500 } }) });
  const options = (((q.data as { records?: PopulationRow[] } | undefined)?.records ?? []) as PopulationRow[]).map((p) => ({
    value: p.id,
    label: `${p.populationName || p.speciesName} · ${p.cageName} · ${p.maleQuantity + p.femaleQuantity + p.theyQuantity}`,
  }));
  return (
    <PickOne
      id={id}
      value={value}
      onChange={onChange}
      placeholder={t('vetGroupTreatment.populationId')}
      loading={q.isLoading}
      disabled={disabled}
      options={options}
    />
  );
}

/** 群体治疗 (contract `medGroupTreatment`): a population's deworming or spray, with the heads treated (≤ its stock). */
export const groupTreatmentPage = defineCrudPage({
  crud: medGroupTreatment,
  i18n: 'vetGroupTreatment',
  fields: {
    populationId: {
      widget: 'custom',
      input: (p: ControlProps) => <PopulationSelect {...p} />,
      search: { input: (p: ControlProps) => <PopulationSelect {...p} /> },
      table: false,
      view: false,
      span: 24,
    },
    populationName: { form: false, width: 140 },
    speciesName: { form: false, width: 110 },
    drugId: { widget: 'custom', input: (p: ControlProps) => <DrugSelect {...p} />, table: false, view: false, span: 24 },
    drugName: { form: false, width: 140 },
    treatDate: { widget: 'date', width: 110, search: { range: ['treatDate_datege', 'treatDate_datele'] } },
    countTreated: { widget: 'number', width: 90 },
    route: { options: opts('vetTreatment.routes', MED_ROUTES), width: 90 },
    doseMgKg: { widget: 'number', width: 100 },
    headWeightKg: { widget: 'number', table: false },
    // The dose per head and for the heads treated, computed as the save computes it, and the out-of-range box.
    confirmOutOfRange: { widget: 'custom', input: (p: ControlProps) => <GroupDosePreview {...p} />, table: false, view: false, span: 24 },
    doseMg: { form: false, table: false },
    amount: { form: false, table: false, render: (v, row) => <Amount amount={v as number | ''} unit={Number(row.concentrationUnit) || 1} /> },
    totalMg: { form: false, width: 110 },
    totalAmount: { form: false, width: 110, render: (v, row) => <Amount amount={v as number | ''} unit={Number(row.concentrationUnit) || 1} /> },
    concentration: { form: false, table: false },
    concentrationUnit: { form: false, table: false, view: false },
    outOfRange: { form: false, width: 90, render: (v) => <OutOfRangeTag value={Number(v)} /> },
    doseText: { width: 160 },
    remark: { widget: 'textarea', rows: 2, table: false },
  },
  defaults: { treatDate: today(), route: 4, confirmOutOfRange: false },
  fromRecord: (row) => ({ ...row, confirmOutOfRange: Number(row.outOfRange) === 1 }),
  modalWidth: 760,
});

function Amount({ amount, unit }: { amount: number | ''; unit: number }) {
  const { t } = useTranslation();
  return <>{amountText(t, amount, unit)}</>;
}

/** 参考生长曲线 (contract `medWeightRef`): a species' expected weight by age, drawn under an animal's growth chart. */
export const weightRefPage = defineCrudPage({
  crud: medWeightRef,
  i18n: 'vetWeightRef',
  fields: {
    speciesId: {
      widget: 'custom',
      input: (p: ControlProps) => <ZooSpeciesSelect {...p} />,
      search: { input: (p: ControlProps) => <ZooSpeciesSelect {...p} /> },
      table: false,
      view: false,
    },
    speciesName: { form: false, width: 140 },
    ageDays: { widget: 'number', width: 90 },
    weightKg: { widget: 'number', width: 120 },
    source: { width: 200 },
  },
  defaults: {},
});
