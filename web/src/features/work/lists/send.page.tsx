import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { workPaths } from '../shared/flow-routes';
import { DiagramButton, RouteButton } from './work-actions';
import { sendListPage } from './work-lists.crud';

/** 已发事务: the processes the user started; 详情 shows the business record, its history and diagram. */
export default function SendPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={sendListPage}
      rowActions={(row) => (
        <>
          <RouteButton category={row.category} label={t('work.detail')} testId="row-detail" to={(route) => workPaths.detail(route, row)} />
          <DiagramButton processInstanceId={row.processInstanceId} />
        </>
      )}
    />
  );
}
