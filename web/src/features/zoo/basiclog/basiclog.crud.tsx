import { basicLog, type DietItem } from '@zoo/contract';
import { chinaDay } from '../../../lib/china-day';
import { defineCrudPage, type ControlProps } from '../../../crud';
import {
  appetiteOptions,
  behaviourOptions,
  DietEditor,
  DietText,
  faecesOptions,
  healthOptions,
  HealthTag,
  intakeOptions,
  IntakeTag,
  SubjectSelect,
  typeOptions,
} from './log-widgets';

/** 饲养日志 list (contract `basicLog`): searchable by animal, kind, health and date range; full form in the dialog. */
export const basicLogPage = defineCrudPage({
  crud: basicLog,
  i18n: 'basicLog',
  fields: {
    animalId: {
      widget: 'custom',
      input: (p: ControlProps) => <SubjectSelect {...p} />,
      search: { input: (p: ControlProps) => <SubjectSelect {...p} /> },
      table: false,
      view: false,
      span: 24,
    },
    logDate: { widget: 'date', width: 110, search: { range: ['logDate_datege', 'logDate_datele'] } },
    logTime: { width: 70 },
    animalName: { form: false },
    animalType: { options: typeOptions, search: true, form: false, table: false },
    speciesName: { form: false, width: 110 },
    cageName: { form: false, width: 110, table: false },
    keeperName: { form: false, width: 100 },
    diet: {
      widget: 'custom',
      input: (p: ControlProps) => <DietEditor {...p} />,
      span: 24,
      width: 280,
      render: (v) => <DietText diet={(v ?? []) as DietItem[]} />,
    },
    intake: { options: intakeOptions, width: 100, render: (v) => <IntakeTag value={Number(v)} /> },
    appetite: { options: appetiteOptions, table: false },
    behaviour: { options: behaviourOptions, table: false },
    faeces: { options: faecesOptions, table: false },
    health: { options: healthOptions, search: true, width: 100, render: (v) => <HealthTag value={Number(v)} /> },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { logDate: chinaDay().format('YYYY-MM-DD'), diet: [], intake: 1, appetite: 1, behaviour: 1, faeces: 1, health: 1 },
  modalWidth: 860,
  actionWidth: 300,
});
