import { venue, venueContacts } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { parkField } from '../shared/place-pickers';

/** 场馆管理: venues filtered by park (contract `venue`). */
export const venuePage = defineCrudPage({
  crud: venue,
  i18n: 'venue',
  fields: {
    parkId: { ...parkField, search: true, table: false, view: false },
    parkName: { form: false },
    venueName: { search: true },
    area: { width: 110 },
    cageCount: { width: 100, form: false },
    sort: { width: 90 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { area: 0, sort: 0 },
  actionWidth: 260,
});

/** The contacts of one venue (contract `venueContacts`), listed and added under that venue. */
export const venueContactsPage = (venueId: string) =>
  defineCrudPage({
    crud: venueContacts,
    i18n: 'venueContacts',
    baseQuery: { venueId },
    fields: {
      contactName: { search: true },
      phone: { search: true },
      position: {},
      sort: { width: 90 },
      remark: { widget: 'textarea', rows: 3, table: false },
    },
    defaults: { sort: 0 },
    toInput: (values) => ({ ...values, venueId }),
    modalWidth: 720,
  });
