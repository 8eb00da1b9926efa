import type { I18nBundle } from '../../../lib/i18n';

export const paramI18n: I18nBundle = {
  zh: { param: { title: '参数管理', paramName: '参数名称', paramKey: '参数键名', paramValue: '参数键值', remark: '备注' } },
  en: { param: { title: 'Parameters', paramName: 'Name', paramKey: 'Key', paramValue: 'Value', remark: 'Remark' } },
};
