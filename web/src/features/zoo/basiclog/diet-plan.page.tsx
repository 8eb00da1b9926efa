import { dietPlan, type DietFeeding } from '@zoo/contract';
import { CrudPage, defineCrudPage, type ControlProps } from '../../../crud';
import { FeedingsEditor, FeedingsText } from './diet-widgets';
import { SubjectSelect, typeOptions } from './log-widgets';

/** 饲喂计划 (contract `dietPlan`): per animal or population from a date, several feedings a day. */
const dietPlanPage = defineCrudPage({
  crud: dietPlan,
  i18n: 'dietPlan',
  fields: {
    animalId: {
      widget: 'custom',
      input: (p: ControlProps) => <SubjectSelect {...p} />,
      search: { input: (p: ControlProps) => <SubjectSelect {...p} /> },
      table: false,
      view: false,
      span: 24,
    },
    animalName: { form: false },
    animalType: { options: typeOptions, search: true, form: false, table: false },
    speciesName: { form: false, width: 110 },
    cageName: { form: false, width: 110 },
    effectiveFrom: { widget: 'date', width: 110 },
    feedings: {
      widget: 'custom',
      input: (p: ControlProps) => <FeedingsEditor {...p} />,
      span: 24,
      width: 320,
      render: (v) => <FeedingsText feedings={(v ?? []) as DietFeeding[]} />,
    },
    remark: { widget: 'textarea', rows: 2, table: false },
  },
  defaults: { feedings: [] },
});

/** /zoo/diet/plan — 饲喂计划. */
export default function DietPlanPage() {
  return <CrudPage def={dietPlanPage} />;
}
