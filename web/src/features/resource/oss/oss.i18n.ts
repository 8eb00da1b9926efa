import type { I18nBundle } from '../../../lib/i18n';

export const ossI18n: I18nBundle = {
  zh: {
    oss: {
      title: '对象存储',
      category: '分类',
      ossCode: '资源编号',
      endpoint: '资源地址',
      bucketName: '空间名',
      accessKey: 'accessKey',
      secretKey: 'secretKey',
      appId: 'appId',
      region: 'region',
      remark: '备注',
      statusName: '是否启用',
      debug: '调试',
      debugTip: '上传一个文件到配置 {{code}}',
      debugFile: '选择文件',
      debugLink: '文件地址',
    },
  },
  en: {
    oss: {
      title: 'Object storage',
      category: 'Provider',
      ossCode: 'Code',
      endpoint: 'Endpoint',
      bucketName: 'Bucket',
      accessKey: 'Access key',
      secretKey: 'Secret key',
      appId: 'App ID',
      region: 'Region',
      remark: 'Remark',
      statusName: 'Enabled',
      debug: 'Test',
      debugTip: 'Upload a file to configuration {{code}}',
      debugFile: 'Choose a file',
      debugLink: 'Link',
    },
  },
};
