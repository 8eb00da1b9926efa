import { Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { casePage, treatmentPage } from './vet.crud';

/**
 * /zoo/vet/case — 病例管理: cases of the zoo's animals; 处方 opens a case's treatments beside the list, where a new
 * prescription belongs to that case and is dosed by the animal's latest weight.
 */
export default function CasePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ id: string; name: string } | undefined>();
  const treatments = useMemo(
    () =>
      open
        ? {
            ...treatmentPage,
            baseQuery: { caseId: open.id },
            defaults: { ...treatmentPage.defaults, caseId: open.id },
            fields: { ...treatmentPage.fields, caseId: { ...treatmentPage.fields.caseId, readOnly: true } },
          }
        : undefined,
    [open],
  );
  return (
    <>
      <CrudPage
        def={casePage}
        rowActions={(row, ctx) =>
          ctx.can('vet_treatment_view') ? (
            <Button type="link" size="small" data-testid="case-treatments" onClick={() => setOpen({ id: row.id, name: row.animalName })}>
              {t('vetCase.treatments')}
            </Button>
          ) : null
        }
      />
      <Drawer
        open={Boolean(open)}
        width="90%"
        title={open ? t('vetCase.treatmentsOf', { name: open.name }) : ''}
        onClose={() => setOpen(undefined)}
        destroyOnHidden
      >
        {treatments ? <CrudPage key={open!.id} def={treatments} /> : null}
      </Drawer>
    </>
  );
}
