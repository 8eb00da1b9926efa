import { Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { venueContactsPage } from './venue.crud';

/** A venue's contacts in a dialog: the contacts screen bound to the venue. */
export function VenueContactsDialog({ venue, onClose }: { venue: { id: string; venueName: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const def = useMemo(() => venueContactsPage(venue.id), [venue.id]);
  return (
    <Modal open width={960} title={t('venueContacts.of', { name: venue.venueName })} onCancel={onClose} footer={null} mask={{ closable: false }}>
      <CrudPage def={def} />
    </Modal>
  );
}
