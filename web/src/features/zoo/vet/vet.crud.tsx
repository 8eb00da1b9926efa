import {
  CASE_OUTCOMES,
  CASE_STATES,
  CONCENTRATION_UNITS,
  DELIVERIES,
  DRUG_FORMS,
  DUE_SOON_DAYS,
  LAB_SAMPLES,
  medAnaesthesia,
  medCase,
  medDrug,
  medLab,
  medTreatment,
  medVaccination,
  medWeight,
  MED_ROUTES,
  VACCINATION_KINDS,
  WEIGH_METHODS,
  type AnaesthesiaAgent,
  type AnaesthesiaReading,
  type TaxonRange,
} from '@zoo/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../lib/china-day';
import { defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { ReadingsEditor, ReadingsTable } from './anaesthesia-readings';
import { LabRefHint } from './lab-ref-hint';
import { TaxonRangesEditor, TaxonRangesText } from './taxon-ranges-editor';
import { AgentsEditor, AgentsText, AnimalSelect, amountText, CaseSelect, ConfirmBox, DoseCalculator, DrugSelect, OutOfRangeTag } from './vet-widgets';

const opts = (prefix: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));
const today = () => chinaDay().format('YYYY-MM-DD');

const STATE_COLOURS: Record<number, string> = { 1: 'red', 2: 'gold', 3: 'green' };
function CaseStateTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[value]}>{t(`vetCase.states.${value}`)}</Tag>;
}
/** A weighing whose change exceeds the zoo's threshold (server rule: default 10 % in 30 days). */
function WeightAlertTag({ value }: { value: number }) {
  const { t } = useTranslation();
  return value === 1 ? <Tag color="red">{t('vetWeight.alerted')}</Tag> : null;
}
function Amount({ amount, unit }: { amount: number | ''; unit: number }) {
  const { t } = useTranslation();
  return <>{amountText(t, amount, unit)}</>;
}

/** The animal a record is of: chosen in the form and as a list filter, shown by name in the table. */
const animalField = {
  widget: 'custom',
  input: (p: ControlProps) => <AnimalSelect {...p} />,
  search: { input: (p: ControlProps) => <AnimalSelect {...p} /> },
  table: false,
  view: false,
  span: 24,
} as const;

/** 药品目录 (contract `medDrug`): the zoo's formulary with dose ranges. */
export const drugPage = defineCrudPage({
  crud: medDrug,
  i18n: 'vetDrug',
  fields: {
    drugName: { search: true, width: 160 },
    genericName: { width: 130 },
    form: { options: opts('vetDrug.forms', DRUG_FORMS), search: { key: 'form' }, width: 100 },
    concentration: { widget: 'number', width: 90 },
    concentrationUnit: { options: opts('vetDrug.units', CONCENTRATION_UNITS), width: 100 },
    doseMin: { widget: 'number', width: 120 },
    doseMax: { widget: 'number', width: 120 },
    maxDoseMg: { widget: 'number', width: 110 },
    routes: { width: 120 },
    taxonRanges: {
      widget: 'custom',
      input: (p: ControlProps) => <TaxonRangesEditor {...p} />,
      span: 24,
      width: 200,
      render: (v) => <TaxonRangesText ranges={(v ?? []) as TaxonRange[]} />,
    },
    withdrawal: { widget: 'textarea', rows: 3, table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { form: 1, concentrationUnit: 1, taxonRanges: [] },
});

/** 体重记录 (contract `medWeight`): weighings in kg or g; the list shows kg. */
export const weightPage = defineCrudPage({
  crud: medWeight,
  i18n: 'vetWeight',
  fields: {
    animalId: { widget: 'custom', input: (p: ControlProps) => <AnimalSelect {...p} />, table: false, view: false, span: 24 },
    animalName: { form: false },
    speciesName: { form: false, width: 110 },
    weighDate: { widget: 'date', width: 120, search: { range: ['weighDate_datege', 'weighDate_datele'] } },
    weight: { widget: 'number', table: false, view: false },
    unit: {
      options: [
        { label: 'kg', value: 'kg' },
        { label: 'g', value: 'g' },
      ],
      table: false,
    },
    weightKg: { form: false, width: 110 },
    method: { options: opts('vetWeight.methods', WEIGH_METHODS), width: 100 },
    bodyCondition: { widget: 'number', width: 120 },
    changePct: { form: false, width: 90 },
    alert: { form: false, width: 100, render: (v) => <WeightAlertTag value={Number(v)} /> },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { weighDate: today(), unit: 'kg', method: 1 },
  // The form shows the weight in the unit it was entered in.
  fromRecord: (row) => ({ ...row, weight: row.unit === 'g' ? Number((Number(row.weightKg) * 1000).toFixed(1)) : row.weightKg }),
});

/** 病例管理 (contract `medCase`): a case per animal, its first examination, diagnosis, status and outcome. */
export const casePage = defineCrudPage({
  crud: medCase,
  i18n: 'vetCase',
  fields: {
    animalId: animalField,
    animalName: { form: false, width: 150 },
    speciesName: { form: false, width: 100 },
    openDate: { widget: 'date', width: 110, search: { range: ['openDate_datege', 'openDate_datele'] } },
    complaint: { widget: 'textarea', rows: 3, width: 200 },
    temperature: { widget: 'number', table: false },
    heartRate: { widget: 'number', table: false },
    respRate: { widget: 'number', table: false },
    bodyCondition: { widget: 'number', table: false },
    findings: { widget: 'textarea', rows: 3, table: false },
    diagnosis: { search: true, width: 150 },
    caseStatus: { options: opts('vetCase.states', CASE_STATES), search: true, width: 90, render: (v) => <CaseStateTag value={Number(v)} /> },
    closeDate: { widget: 'date', width: 110, when: (v) => Number(v.caseStatus) === 3 },
    outcome: { options: opts('vetCase.outcomes', CASE_OUTCOMES), width: 100, when: (v) => Number(v.caseStatus) === 3 },
    outcomeNote: { widget: 'textarea', rows: 3, table: false, when: (v) => Number(v.caseStatus) === 3 },
    vetName: { form: false, width: 90 },
    treatmentCount: { form: false, width: 80 },
  },
  defaults: { openDate: today(), caseStatus: 1 },
  modalWidth: 860,
  actionWidth: 260,
});

/** 治疗处方 (contract `medTreatment`): a prescription dosed by the latest weight, the calculator in its form. */
export const treatmentPage = defineCrudPage({
  crud: medTreatment,
  i18n: 'vetTreatment',
  fields: {
    caseId: { widget: 'custom', input: (p: ControlProps) => <CaseSelect {...p} />, table: false, view: false, span: 24 },
    animalName: { form: false, width: 140 },
    drugId: { widget: 'custom', input: (p: ControlProps) => <DrugSelect {...p} />, table: false, view: false, span: 24 },
    drugName: { form: false, width: 150 },
    doseMgKg: { widget: 'number', width: 110 },
    startDate: { widget: 'date', width: 110, search: { range: ['startDate_datege', 'startDate_datele'] } },
    confirmOutOfRange: { widget: 'custom', input: (p: ControlProps) => <DoseCalculator {...p} />, table: false, view: false, span: 24 },
    weightKg: { form: false, width: 110 },
    weightDate: { form: false, table: false },
    doseMg: { form: false, width: 100 },
    amount: { form: false, width: 110, render: (v, row) => <Amount amount={v as number | ''} unit={row.concentrationUnit} /> },
    route: { options: opts('vetTreatment.routes', MED_ROUTES), width: 90 },
    frequency: { widget: 'number', width: 90 },
    durationDays: { widget: 'number', width: 90 },
    outOfRange: { form: false, width: 90, render: (v) => <OutOfRangeTag value={Number(v)} /> },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { startDate: today(), route: 1, frequency: 1, durationDays: 1, confirmOutOfRange: false },
  fromRecord: (row) => ({ ...row, confirmOutOfRange: Number(row.outOfRange) === 1 }),
  modalWidth: 860,
});

/** Days to the next dose: red when overdue, orange when due within DUE_SOON_DAYS. */
function DueTag({ days }: { days: number | '' }) {
  const { t } = useTranslation();
  if (days === '') return null;
  if (days < 0) return <Tag color="red">{t('vetVaccination.overdue', { n: -days })}</Tag>;
  if (days <= DUE_SOON_DAYS) return <Tag color="orange">{t('vetVaccination.dueIn', { n: days })}</Tag>;
  return <Tag>{t('vetVaccination.dueIn', { n: days })}</Tag>;
}

/** 疫苗驱虫 (contract `medVaccination`): vaccinations and parasite control, with the next due date and its reminder. */
export const vaccinationPage = defineCrudPage({
  crud: medVaccination,
  i18n: 'vetVaccination',
  fields: {
    animalId: animalField,
    animalName: { form: false, width: 140 },
    speciesName: { form: false, width: 100 },
    kind: { options: opts('vetVaccination.kinds', VACCINATION_KINDS), search: true, width: 90 },
    product: { width: 160 },
    batchNo: { width: 110 },
    dose: { width: 90 },
    route: { options: opts('vetTreatment.routes', MED_ROUTES), width: 90 },
    givenDate: { widget: 'date', width: 110, search: { range: ['givenDate_datege', 'givenDate_datele'] } },
    nextDue: { widget: 'date', width: 110 },
    daysToDue: { form: false, width: 120, render: (v) => <DueTag days={v as number | ''} /> },
    vetName: { form: false, width: 90 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { kind: 1, givenDate: today() },
});

/** Below (blue) or above (red) the reference interval. */
function LabFlagTag({ flag }: { flag: number }) {
  const { t } = useTranslation();
  if (!flag) return null;
  return <Tag color={flag === 1 ? 'blue' : 'red'}>{t(`vetLab.flags.${flag}`)}</Tag>;
}

/** 检验结果 (contract `medLab`): results with their reference interval, out-of-range values flagged by the server. */
export const labPage = defineCrudPage({
  crud: medLab,
  i18n: 'vetLab',
  fields: {
    animalId: animalField,
    animalName: { form: false, width: 140 },
    speciesName: { form: false, width: 100, table: false },
    sampleDate: { widget: 'date', width: 110, search: { range: ['sampleDate_datege', 'sampleDate_datele'] } },
    sampleType: { options: opts('vetLab.samples', LAB_SAMPLES), search: true, width: 90 },
    laboratory: { width: 120 },
    testName: { width: 150 },
    value: { widget: 'number', width: 90 },
    textValue: { width: 120 },
    unit: { width: 80 },
    refLow: { widget: 'number', width: 90 },
    refHigh: { widget: 'number', width: 90 },
    // Read-only: the interval the save will store (the species' when none is typed), and where a stored one came from.
    refSource: {
      widget: 'custom',
      form: true,
      input: (p: ControlProps) => <LabRefHint {...p} />,
      table: false,
      span: 24,
    },
    flag: {
      form: false,
      width: 80,
      options: [
        { label: 'vetLab.flags.1', value: 1 },
        { label: 'vetLab.flags.2', value: 2 },
      ],
      search: true,
      render: (v) => <LabFlagTag flag={Number(v)} />,
    },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { sampleDate: today(), sampleType: 1 },
  modalWidth: 860,
});

/** 麻醉记录 (contract `medAnaesthesia`): agents dosed by the latest weight, delivery, times, monitoring, reversal. */
export const anaesthesiaPage = defineCrudPage({
  crud: medAnaesthesia,
  i18n: 'vetAnaesthesia',
  fields: {
    animalId: animalField,
    animalName: { form: false, width: 140 },
    procDate: { widget: 'date', width: 110, search: { range: ['procDate_datege', 'procDate_datele'] } },
    procedure: { width: 160 },
    delivery: { options: opts('vetAnaesthesia.deliveries', DELIVERIES), search: true, width: 100 },
    agents: {
      widget: 'custom',
      input: (p: ControlProps) => <AgentsEditor {...p} />,
      span: 24,
      width: 320,
      render: (v) => <AgentsText agents={(v ?? []) as AnaesthesiaAgent[]} />,
    },
    confirmOutOfRange: { widget: 'custom', input: (p: ControlProps) => <ConfirmBox {...p} />, table: false, view: false, span: 24 },
    weightKg: { form: false, width: 110 },
    inductionTime: { width: 90 },
    recoveryTime: { width: 90 },
    reversal: { table: false },
    readings: {
      widget: 'custom',
      input: (p: ControlProps) => <ReadingsEditor {...p} />,
      span: 24,
      table: false,
      render: (v) => <ReadingsTable readings={(v ?? []) as AnaesthesiaReading[]} />,
    },
    monitoring: { widget: 'textarea', rows: 3, table: false },
    complications: { widget: 'textarea', rows: 3, table: false },
    outOfRange: { form: false, width: 90, render: (v) => <OutOfRangeTag value={Number(v)} /> },
    vetName: { form: false, width: 90 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { procDate: today(), delivery: 1, agents: [{ drugId: '', doseMgKg: null }], readings: [], confirmOutOfRange: false },
  fromRecord: (row) => ({ ...row, confirmOutOfRange: Number(row.outOfRange) === 1 }),
  modalWidth: 900,
});
