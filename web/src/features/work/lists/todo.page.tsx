import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { workPaths } from '../shared/flow-routes';
import { DiagramButton, RouteButton } from './work-actions';
import { todoListPage } from './work-lists.crud';

/** 待办事务: tasks assigned to the user; 办理 opens the category's handle form. */
export default function TodoPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      def={todoListPage}
      rowActions={(row) => (
        <>
          <RouteButton category={row.category} label={t('work.handle')} testId="row-handle" to={(route) => workPaths.handle(route, row)} />
          <DiagramButton processInstanceId={row.processInstanceId} />
        </>
      )}
    />
  );
}
