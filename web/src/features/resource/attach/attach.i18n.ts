import type { I18nBundle } from '../../../lib/i18n';

export const attachI18n: I18nBundle = {
  zh: {
    attach: {
      title: '附件管理',
      originalName: '附件原名',
      link: '预览',
      extension: '扩展名',
      attachSize: '附件大小',
      name: '附件名称',
      domain: '附件域名',
      createTime: '上传时间',
      upload: '上传',
      uploaded: '上传成功',
      download: '下载',
    },
  },
  en: {
    attach: {
      title: 'Attachments',
      originalName: 'File name',
      link: 'Preview',
      extension: 'Extension',
      attachSize: 'Size',
      name: 'Object name',
      domain: 'Domain',
      createTime: 'Uploaded',
      upload: 'Upload',
      uploaded: 'Uploaded',
      download: 'Download',
    },
  },
};
