import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { populationPage } from './population.crud';

/** /zoo/population, with 日志: the population's keeper-log calendar (for whoever may read keeper logs). */
export default function PopulationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage
      def={populationPage}
      rowActions={(row, ctx) =>
        ctx.can('basiclog_view') ? (
          <Button type="link" size="small" onClick={() => void navigate(`/animal/log/${row.id}`)}>
            {t('basicLog.openLog')}
          </Button>
        ) : null
      }
    />
  );
}
