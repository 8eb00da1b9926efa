import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../../crud';
import { useSpeciesStatus } from '../shared/species-status';
import { speciesLibPage } from './species.crud';

/** /zoo/admin/species: the platform library, with 分布 opening the species' distribution across zoos. */
export default function SpeciesLibPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSpeciesStatus();
  return (
    <>
      <CrudPage
        def={speciesLibPage}
        rowActions={(row, ctx) => (
          <>
            {ctx.can('species_dist') ? (
              <Button key="dist" type="link" size="small" onClick={() => navigate(`/zoo/admin/species/dist/${row.id}`)}>
                {t('zooSpeciesLib.dist')}
              </Button>
            ) : null}
            {status.button(String(row.id), row.speciesName)}
          </>
        )}
      />
      {status.drawer}
    </>
  );
}
