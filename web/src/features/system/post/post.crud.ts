import { post } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** Posts: a paged list; the list filters by equality (contract §5.6), so the category search is exact. */
export const postPage = defineCrudPage({
  crud: post,
  i18n: 'post',
  fields: {
    category: { dict: 'post_category', search: true, width: 120 },
    postCode: { search: true },
    postName: { search: true },
    sort: { width: 100 },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
