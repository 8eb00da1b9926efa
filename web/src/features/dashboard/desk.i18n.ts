import type { I18nBundle } from '../../lib/i18n';

export const deskI18n: I18nBundle = {
  zh: {
    desk: {
      latestNotices: '最新通知',
      noNotices: '暂无通知',
      countsChart: '数据统计',
      noticeChart: '通知公告 (共 {{total}} 条)',
      noticeChartLabel: '通知类型分布',
      count: { user: '用户', notice: '通知公告' },
    },
  },
  en: {
    desk: {
      latestNotices: 'Latest notices',
      noNotices: 'No notices',
      countsChart: 'Figures',
      noticeChart: 'Notices ({{total}} in all)',
      noticeChartLabel: 'Notices by category',
      count: { user: 'Users', notice: 'Notices' },
    },
  },
};
