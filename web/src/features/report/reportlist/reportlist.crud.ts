import { report } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

/** 报表列表 (contract `report`): the saved reports; design, preview and export are the page's own actions. */
export const reportListPage = defineCrudPage({
  crud: report,
  i18n: 'report',
  readOnly: true,
  fields: {
    name: { search: true, width: 220 },
    datasetName: { width: 200 },
    remark: {},
    createTime: { width: 170 },
    updateTime: { width: 170 },
  },
  actionWidth: 330,
});
