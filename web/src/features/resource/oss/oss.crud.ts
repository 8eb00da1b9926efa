import { oss } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { configFields } from '../shared/config-fields';

/** OSS configurations (contract §5.14); one enabled per tenant, uploads go to it. */
export const ossPage = defineCrudPage({
  crud: oss,
  i18n: 'oss',
  actionWidth: 280,
  fields: {
    category: { dict: 'oss', search: true, width: 110 },
    ossCode: { search: true, width: 130 },
    statusName: configFields.statusName,
    endpoint: { width: 200 },
    bucketName: { width: 120 },
    accessKey: configFields.accessKey,
    secretKey: configFields.secretKey,
    appId: { table: false },
    region: { table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
