import { useTranslation } from 'react-i18next';
import { BizAttachments } from '../shared/biz-attachments';

/** Photos of a cage: its business attachments (bizType cage), uploaded and removed with the cage's edit button. */
export function CagePhotos({ cageId }: { cageId: string }) {
  const { t } = useTranslation();
  return (
    <BizAttachments
      bizType="cage"
      bizId={cageId}
      editCode="cage_edit"
      accept="image/*"
      testId="cage-photo"
      texts={{ title: t('cageDetail.photos'), upload: t('cageDetail.upload'), uploaded: t('cageDetail.uploaded'), empty: t('cageDetail.noPhotos') }}
    />
  );
}
