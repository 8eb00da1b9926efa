import { Button, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, useCan } from '../../../crud';
import { useSpeciesStatus } from '../shared/species-status';
import { publicSpeciesPage, zooSpeciesPage } from './zoo-species.crud';

/** /zoo/species: the zoo's authorised species with its stock, and the platform library (public view). */
export default function ZooSpeciesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canDist = useCan('zoo_species_dist');
  const [view, setView] = useState<'mine' | 'public'>('mine');
  const status = useSpeciesStatus();
  const dist = (speciesId: string, name: string) => (
    <>
      {canDist ? (
        <Button key="dist" type="link" size="small" onClick={() => navigate(`/zoo/admin/species/dist/${speciesId}`)}>
          {t('zooSpeciesLib.dist')}
        </Button>
      ) : null}
      {status.button(speciesId, name)}
    </>
  );
  const header = (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      value={view}
      onChange={(e) => setView(e.target.value as 'mine' | 'public')}
      options={[
        { value: 'mine', label: t('zooSpecies.tabMine') },
        { value: 'public', label: t('zooSpecies.tabPublic') },
      ]}
      style={{ marginBottom: 16 }}
    />
  );
  return (
    <>
      {view === 'mine' ? (
        <CrudPage key="mine" def={zooSpeciesPage} header={header} rowActions={(row) => dist(row.speciesId, row.speciesName)} />
      ) : (
        <CrudPage key="public" def={publicSpeciesPage} header={header} rowActions={(row) => dist(String(row.id), row.speciesName)} />
      )}
      {status.drawer}
    </>
  );
}
