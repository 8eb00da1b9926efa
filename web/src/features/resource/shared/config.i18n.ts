import type { I18nBundle } from '../../../lib/i18n';

export const configI18n: I18nBundle = {
  zh: {
    config: {
      enable: '启用',
      enabled: '已启用',
      disabled: '未启用',
      enableConfirm: '确定启用这条配置?同一租户的其他配置将被停用',
      done: '操作成功!',
    },
  },
  en: {
    config: {
      enable: 'Enable',
      enabled: 'Enabled',
      disabled: 'Disabled',
      enableConfirm: 'Enable this configuration? The tenant’s other configurations will be disabled.',
      done: 'Done!',
    },
  },
};
