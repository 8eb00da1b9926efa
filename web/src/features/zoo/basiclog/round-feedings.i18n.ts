import type { I18nBundle } from '../../../lib/i18n';

/** The feedings section of 今日巡查 and the offline round (decision 0046). */
export const roundFeedingsI18n: I18nBundle = {
  zh: {
    roundFeed: {
      title: '今日饲喂',
      noPlan: '未制定饲喂计划',
      allEaten: '吃完',
      record: '记录',
      offered: '投喂量',
      leftover: '剩余量',
      refused: '拒食',
      reason: '拒食原因',
      reasonRequired: '请填写拒食原因',
      leftoverTooMuch: '剩余量不能大于投喂量',
      fed: '已喂 {{offered}}{{unit}}, 剩 {{leftover}}{{unit}}',
      refusedTag: '拒食: {{reason}}',
      unsynced: '未同步',
      offlineCopy: '离线数据 ({{time}} 保存)',
      queued: '已保存在本机, 联网后自动同步',
      editFromCopy: '离线: 以本机保存的今日日志为准修改; 联网同步时若他人已修改, 将提示冲突',
      reasons: { sick: '精神不振', stress: '应激', weather: '天气', food: '食物不新鲜', other: '其他' },
    },
  },
  en: {
    roundFeed: {
      title: "Today's feedings",
      noPlan: 'No diet plan',
      allEaten: 'All eaten',
      record: 'Record',
      offered: 'Offered',
      leftover: 'Leftover',
      refused: 'Refused',
      reason: 'Reason refused',
      reasonRequired: 'Give the reason it was refused',
      leftoverTooMuch: 'Leftover cannot exceed what was offered',
      fed: 'Fed {{offered}}{{unit}}, left {{leftover}}{{unit}}',
      refusedTag: 'Refused: {{reason}}',
      unsynced: 'Not synced',
      offlineCopy: 'Offline copy (saved {{time}})',
      queued: 'Saved on this device; sent when the network is back',
      editFromCopy: "Offline: editing the copy of today's log kept on this device; if someone changed it meanwhile, syncing shows a conflict",
      reasons: { sick: 'Listless', stress: 'Stress', weather: 'Weather', food: 'Food not fresh', other: 'Other' },
    },
  },
};
