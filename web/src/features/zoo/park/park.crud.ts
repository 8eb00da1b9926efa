import { park } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** 园区管理: parks of the zoo (contract `park`); a park's venue count is read-only. */
export const parkPage = defineCrudPage({
  crud: park,
  i18n: 'park',
  fields: {
    parkName: { search: true },
    address: { search: true },
    linkman: {},
    contactNumber: {},
    sort: { width: 90 },
    venueCount: { width: 100, form: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
  defaults: { sort: 0 },
});
