import { notice } from '@zoo/contract';
import { defineCrudPage, type ControlProps } from '../../../crud';
import { t } from '../../../lib/i18n';
import { AudienceSelect } from './notice-audience-select';

/** Notices (contract §5.13): the date search sends releaseTime_datege / releaseTime_datelt. */
export const noticePage = defineCrudPage({
  crud: notice,
  i18n: 'notice',
  fields: {
    title: { label: 'notice.noticeTitle', search: true },
    category: { dict: 'notice', search: true, width: 120 },
    releaseTime: { widget: 'date', width: 180, search: { range: ['releaseTime_datege', 'releaseTime_datelt'] } },
    // Decision 0051: optional roles the notice is for; the list shows their names, or 全员 when it has none.
    audienceName: { form: false, view: false, width: 160, render: (v) => (v ? String(v) : t('notice.everyone')) },
    audienceRoles: { widget: 'custom', input: (p: ControlProps) => <AudienceSelect {...p} />, table: false, span: 24 },
    content: { widget: 'textarea', rows: 5, table: false },
  },
});
