import { sms } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';
import { configFields } from '../shared/config-fields';

/** SMS configurations (contract §5.14): the OSS screen's twin, plus 发送测试短信. */
export const smsPage = defineCrudPage({
  crud: sms,
  i18n: 'sms',
  actionWidth: 300,
  fields: {
    category: { dict: 'sms', search: true, width: 110 },
    smsCode: { search: true, width: 130 },
    statusName: configFields.statusName,
    templateId: { width: 140 },
    signName: { width: 120 },
    accessKey: configFields.accessKey,
    secretKey: configFields.secretKey,
    regionId: { table: false },
    appId: { table: false },
    endpoint: { table: false },
    remark: { widget: 'textarea', rows: 3, table: false },
  },
});
