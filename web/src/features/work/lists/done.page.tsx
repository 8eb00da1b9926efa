import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { workPaths } from '../shared/flow-routes';
import { DiagramButton, RouteButton } from './work-actions';
import { doneListPage } from './work-lists.crud';

/** 办结事务: tasks the user finished; 详情 shows the business record, its history and diagram. */
export default function DonePage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={doneListPage}
      rowActions={(row) => (
        <>
          <RouteButton category={row.category} label={t('work.detail')} testId="row-detail" to={(route) => workPaths.detail(route, row)} />
          <DiagramButton processInstanceId={row.processInstanceId} />
        </>
      )}
    />
  );
}
