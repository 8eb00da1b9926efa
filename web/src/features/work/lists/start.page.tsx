import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { workPaths } from '../shared/flow-routes';
import { DiagramButton, RouteButton } from './work-actions';
import { startListPage } from './work-lists.crud';

/** 发起事务: pick a deployed process, open its business form (e.g. the leave form) or look at its diagram. */
export default function StartPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={startListPage}
      rowActions={(row) => (
        <>
          {row.suspensionState === 1 ? (
            <RouteButton category={row.category} label={t('work.start')} testId="row-start" to={(route) => workPaths.form(route, row.id)} />
          ) : null}
          <DiagramButton processDefinitionId={row.id} />
        </>
      )}
    />
  );
}
