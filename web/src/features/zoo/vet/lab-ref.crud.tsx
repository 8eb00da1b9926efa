import { LAB_REF_SEX, medLabRef } from '@zoo/contract';
import { defineCrudPage, type ControlProps } from '../../../crud';
import { ZooSpeciesSelect } from '../shared/registry-widgets';

/** 检验参考区间 (contract `medLabRef`): a species' interval of a test and unit, taken by results entered without one. */
export const labRefPage = defineCrudPage({
  crud: medLabRef,
  i18n: 'vetLabRef',
  fields: {
    speciesId: {
      widget: 'custom',
      input: (p: ControlProps) => <ZooSpeciesSelect {...p} />,
      search: { input: (p: ControlProps) => <ZooSpeciesSelect {...p} /> },
      table: false,
      view: false,
    },
    speciesName: { form: false, width: 120 },
    testName: { width: 160, search: true },
    unit: { width: 90 },
    refLow: { widget: 'number', width: 100 },
    refHigh: { widget: 'number', width: 100 },
    // Sex and age window (whole months on the sample date, from inclusive, to exclusive): a result takes the most
    // specific interval that fits its animal.
    sex: { options: LAB_REF_SEX.map((s) => ({ label: `vetLabRef.sexes.${s}`, value: s })), width: 90 },
    ageMinMonths: { widget: 'number', width: 100 },
    ageMaxMonths: { widget: 'number', width: 100 },
    source: { width: 220 },
    remark: { widget: 'textarea', rows: 2, table: false },
  },
  defaults: { sex: 0 },
});
