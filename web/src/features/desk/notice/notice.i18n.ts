import type { I18nBundle } from '../../../lib/i18n';

export const noticeI18n: I18nBundle = {
  zh: {
    notice: {
      title: '通知公告',
      category: '通知类型',
      releaseTime: '通知日期',
      content: '通知内容',
      noticeTitle: '通知标题',
      audienceRoles: '通知对象',
      audienceName: '通知对象',
      everyone: '全员',
    },
  },
  en: {
    notice: {
      title: 'Notices',
      category: 'Category',
      releaseTime: 'Date',
      content: 'Content',
      noticeTitle: 'Title',
      audienceRoles: 'Audience',
      audienceName: 'Audience',
      everyone: 'Everyone',
    },
  },
};
