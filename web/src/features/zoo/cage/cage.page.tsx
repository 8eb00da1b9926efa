import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { CageBreedersDialog } from '../shared/cage-breeders';
import { cagePage } from './cage.crud';

/** 笼舍管理, with each cage's keepers (button 饲养员, code cage_breeder), its card (详情), 温湿度 (code cage_humiture) and
 * 监控 (code cage_monitor, the camera); the open-alarm badge links to 环境告警. */
export default function CagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const breeders = useRowDialog<RowOf<typeof cagePage.crud>>('cage_breeder', t('cage.breeders'), (row, close) => (
    <CageBreedersDialog cage={row} onClose={close} />
  ));
  return (
    <>
      <CrudPage
        def={cagePage}
        rowActions={(row, ctx) => (
          <>
            {breeders.action(row, ctx)}
            <Button type="link" size="small" onClick={() => void navigate(`/cage/detail/${row.id}`)}>
              {t('cage.detail')}
            </Button>
            {ctx.can('cage_humiture') ? (
              <Button type="link" size="small" onClick={() => void navigate(`/cage/humiture/${row.id}`)}>
                {t('humiture.title')}
              </Button>
            ) : null}
            {ctx.can('cage_monitor') ? (
              <Button type="link" size="small" onClick={() => void navigate(`/cage/monitor/${row.id}`)}>
                {t('monitor.title')}
              </Button>
            ) : null}
          </>
        )}
      />
      {breeders.dialog}
    </>
  );
}
