import { useTranslation } from 'react-i18next';
import { CrudPage, useRowDialog, type RowOf } from '../../../crud';
import { VenueContactsDialog } from './venue-contacts';
import { venuePage } from './venue.crud';

/** 场馆管理, with each venue's contacts (button 联系人, code venue_contacts). */
export default function VenuePage() {
  const { t } = useTranslation();
  const contacts = useRowDialog<RowOf<typeof venuePage.crud>>('venue_contacts', t('venue.contacts'), (row, close) => (
    <VenueContactsDialog venue={row} onClose={close} />
  ));
  return (
    <>
      <CrudPage def={venuePage} rowActions={contacts.action} />
      {contacts.dialog}
    </>
  );
}
