import { AI_METHODS, BREED_KINDS, breedEvent, breedOestrus, breedSemen, HORMONE_UNITS, PAIRING_OUTCOMES } from '@zoo/contract';
import { chinaDay } from '../../../lib/china-day';
import { defineCrudPage, type ControlProps, type Option } from '../../../crud';
import { ZooSpeciesSelect } from '../shared/registry-widgets';
import { FemaleSelect, MaleSelect, OutsideDonorSelect, SemenSelect, SignsSelect, SignsText, SiresSelect } from './breeding-widgets';

const opts = (prefix: string, keys: readonly number[]): Option[] => keys.map((k) => ({ label: `${prefix}.${k}`, value: k }));
const units: Option[] = HORMONE_UNITS.map((u) => ({ label: u, value: u }));
const today = () => chinaDay().format('YYYY-MM-DD');
const isAi = (v: Record<string, unknown>) => Number(v.kind) === 2;

/** 发情观察 (contract `breedOestrus`): signs, vulva score and urinary hormones of a female. */
export const oestrusPage = defineCrudPage({
  crud: breedOestrus,
  i18n: 'breedOestrus',
  fields: {
    animalId: { widget: 'custom', input: (p: ControlProps) => <FemaleSelect {...p} />, table: false, view: false, span: 24 },
    animalName: { form: false, width: 150 },
    obsDate: { widget: 'date', width: 110 },
    signs: { widget: 'custom', input: (p: ControlProps) => <SignsSelect {...p} />, span: 24, width: 200, render: (v) => <SignsText value={v} /> },
    vulvaScore: { widget: 'number', width: 90 },
    oestrogen: { widget: 'number', width: 100 },
    oestrogenUnit: { options: units, table: false },
    progesterone: { widget: 'number', width: 90 },
    progesteroneUnit: { options: units, table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { obsDate: today(), signs: [], oestrogenUnit: 'ng/mg Cr', progesteroneUnit: 'ng/mg Cr' },
});

/** 配种记录 (contract `breedEvent`): natural pairings and artificial inseminations. */
export const eventPage = defineCrudPage({
  crud: breedEvent,
  i18n: 'breedEvent',
  fields: {
    femaleId: { widget: 'custom', input: (p: ControlProps) => <FemaleSelect {...p} />, table: false, view: false, span: 24 },
    femaleName: { form: false, width: 150 },
    kind: { options: opts('breedEvent.kinds', BREED_KINDS), search: true, width: 100 },
    eventDate: { widget: 'date', width: 110 },
    sireIds: { widget: 'custom', input: (p: ControlProps) => <SiresSelect {...p} />, table: false, view: false, span: 24 },
    sireNames: { form: false, width: 180 },
    startTime: { table: false, when: (v) => !isAi(v) },
    endTime: { table: false, when: (v) => !isAi(v) },
    copulations: { widget: 'number', width: 90, when: (v) => !isAi(v) },
    outcome: { options: opts('breedEvent.outcomes', PAIRING_OUTCOMES), width: 110, when: (v) => !isAi(v) },
    semenId: { widget: 'custom', input: (p: ControlProps) => <SemenSelect {...p} />, table: false, view: false, span: 24, when: isAi },
    semenNo: { form: false, width: 110 },
    donorIdentityId: {
      widget: 'custom',
      input: (p: ControlProps) => <OutsideDonorSelect {...p} of="female" />,
      table: false,
      view: false,
      span: 24,
      when: isAi,
    },
    method: { options: opts('breedEvent.methods', AI_METHODS), table: false, when: isAi },
    straws: { widget: 'number', width: 80, when: isAi },
    doseMl: { widget: 'number', table: false, when: isAi },
    motility: { widget: 'number', table: false, when: isAi },
    remark: { widget: 'textarea', rows: 3, table: false },
    confirmContraception: { widget: 'switch', switchValues: [true, false], table: false, view: false, span: 24 },
  },
  defaults: { eventDate: today(), kind: 1, sireIds: [] },
  modalWidth: 860,
});

/** 基因资源库 (contract `breedSemen`): samples, straws left, storage and transfer out. */
export const semenPage = defineCrudPage({
  crud: breedSemen,
  i18n: 'breedSemen',
  fields: {
    sampleNo: { search: true, width: 120 },
    speciesId: { widget: 'custom', input: (p: ControlProps) => <ZooSpeciesSelect {...p} all />, table: false, view: false },
    speciesName: { form: false, width: 100 },
    donorAnimalId: { widget: 'custom', input: (p: ControlProps) => <MaleSelect {...p} />, table: false, view: false },
    donorIdentityId: { widget: 'custom', input: (p: ControlProps) => <OutsideDonorSelect {...p} />, table: false, view: false },
    donorName: { width: 150 },
    donorStudbookNo: { table: false },
    collectDate: { widget: 'date', width: 110 },
    collectPlace: { table: false },
    straws: { widget: 'number', width: 90 },
    tank: { search: true, width: 90 },
    position: { width: 90 },
    motility: { widget: 'number', width: 90 },
    transferDate: { widget: 'date', width: 110 },
    transferTo: { width: 140 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { collectDate: today(), straws: 0 },
});
