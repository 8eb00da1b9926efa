import { describe, expect, it } from 'vitest';
import { infoI18n } from '../info/info.i18n';
import { noticeI18n } from '../desk/notice/notice.i18n';
import { logI18n } from '../monitor/log/log.i18n';
import { auditI18n } from '../monitor/audit/audit.i18n';
import { partitionArchiveI18n } from '../monitor/partition-archive/partition-archive.i18n';
import { attachI18n } from '../resource/attach/attach.i18n';
import { configI18n } from '../resource/shared/config.i18n';
import { ossI18n } from '../resource/oss/oss.i18n';
import { smsI18n } from '../resource/sms/sms.i18n';
import { deskI18n } from './desk.i18n';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('desk, log, audit and resource labels', () => {
  it.each(Object.entries({ infoI18n, noticeI18n, logI18n, auditI18n, partitionArchiveI18n, attachI18n, configI18n, ossI18n, smsI18n, deskI18n }))(
    '%s has every zh key in en and no empty text',
    (_name, bundle) => {
      expect(keys(bundle.en).sort()).toEqual(keys(bundle.zh).sort());
      for (const lang of [bundle.zh, bundle.en]) {
        const walk = (o: Record<string, unknown>): void =>
          Object.values(o).forEach((v) => (typeof v === 'string' ? expect(v.trim()).not.toBe('') : walk(v as Record<string, unknown>)));
        walk(lang);
      }
    },
  );
});
