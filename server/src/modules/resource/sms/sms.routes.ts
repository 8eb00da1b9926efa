import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SMS_ALIYUN, SMS_LOG, SMS_TENCENT, sms, smsEndpoints } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { route } from '../../../platform/http/route';
import { usualLog } from '../../../platform/log/usual-log';
import { configRoutes, pickConfig, type ConfigTable } from '../config-rows';
import { bladeSms } from '../resource.tables';
import { AliyunSms } from './aliyun-sms';
import { SmsError, type SmsSender } from './sms-sender';
import { TencentSms } from './tencent-sms';
import { egressFor } from '../../../platform/http/egress';

const SMS_TABLE: ConfigTable = {
  table: bladeSms,
  id: bladeSms.id,
  code: bladeSms.smsCode,
  codeKey: 'smsCode',
  status: bladeSms.status,
  isDeleted: bladeSms.isDeleted,
  dict: 'sms',
};
type SmsRow = typeof bladeSms.$inferSelect;

/** The provider of a configuration; null means the log-only sender (no configuration, or category 日志输出). */
function senderFor(app: FastifyInstance, row: SmsRow | undefined): SmsSender | null {
  if (!row || row.category === SMS_LOG) return null;
  const egress = egressFor(app.zoo.config.allowPrivateEndpoints);
  if (row.category === SMS_ALIYUN) return new AliyunSms(row, egress);
  if (row.category === SMS_TENCENT) return new TencentSms(row, egress);
  throw new BizError('暂不支持该短信服务商 (云片、七牛),请使用阿里云、腾讯云或日志输出');
}

/** /blade-resource/sms: SMS configurations (one enabled) and send-message. */
export function smsRoutes(app: FastifyInstance): void {
  configRoutes(app, SMS_TABLE, sms, smsEndpoints.enable);

  /** Sends through the named or enabled configuration; without one, the log-only sender writes the usual log. */
  route(app, smsEndpoints.sendMessage, async ({ db, query, req }) => {
    const row = await pickConfig<SmsRow>(db, SMS_TABLE, query.code);
    const message = { phones: query.phones, params: query.params };
    const sender = senderFor(app, row);
    if (!sender) {
      const requestId = randomUUID();
      usualLog(app, req, 'INFO', 'sms', { provider: 'log', smsCode: row?.smsCode ?? '', templateId: row?.templateId ?? '', ...message, requestId });
      return { provider: 'log', phones: message.phones, requestId };
    }
    try {
      const requestId = await sender.send(message);
      usualLog(app, req, 'INFO', 'sms', { provider: sender.provider, smsCode: row!.smsCode, count: message.phones.length, requestId });
      return { provider: sender.provider, phones: message.phones, requestId };
    } catch (e) {
      if (e instanceof SmsError) {
        req.log.warn({ provider: sender.provider, smsCode: row!.smsCode, detail: e.detail }, 'sms provider refused or unreachable');
        throw new BizError(e.message);
      }
      throw e;
    }
  });
}
