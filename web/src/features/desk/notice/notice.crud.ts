import { notice } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** Notices (contract §5.13): the date search sends releaseTime_datege / releaseTime_datelt. */
export const noticePage = defineCrudPage({
  crud: notice,
  i18n: 'notice',
  fields: {
    title: { label: 'notice.noticeTitle', search: true },
    category: { dict: 'notice', search: true, width: 120 },
    releaseTime: { widget: 'date', width: 180, search: { range: ['releaseTime_datege', 'releaseTime_datelt'] } },
    content: { widget: 'textarea', rows: 5, table: false },
  },
});
