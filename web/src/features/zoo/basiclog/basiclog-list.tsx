import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { basicLogPage } from './basiclog.crud';

/** The second tab of 饲养日志: every log, with its detail and the animal's calendar. */
export default function BasicLogList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage
      def={basicLogPage}
      rowActions={(row) => (
        <>
          <Button type="link" size="small" onClick={() => void navigate(`/basiclog/detail/${row.id}`)}>
            {t('basicLog.detail')}
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(`/animal/log/${row.animalId}`)}>
            {t('basicLog.calendar')}
          </Button>
        </>
      )}
    />
  );
}
