import { createHash, createHmac } from 'node:crypto';
import type { Egress } from '../../../platform/http/egress';
import { providerCode, providerFetch, SmsError, type SmsConfig, type SmsMessage, type SmsSender } from './sms-sender';

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

export interface Tc3Input {
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds (X-TC-Timestamp). */
  timestamp: number;
}

/** TC3-HMAC-SHA256 of a Tencent Cloud API 3.0 POST request (headers content-type and host signed). */
export function tc3Signature(i: Tc3Input): { signature: string; scope: string; signedHeaders: string } {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonical = ['POST', '/', '', `content-type:${i.contentType}\nhost:${i.host}\n`, signedHeaders, sha256Hex(i.payload)].join('\n');
  const scope = `${date}/${i.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(i.timestamp), scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  return { signature: createHmac('sha256', key).update(toSign).digest('hex'), scope, signedHeaders };
}

const DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** Tencent Cloud SMS SendSms (API 2021-01-11). Template variables go in the order of the params object. */
export class TencentSms implements SmsSender {
  readonly provider = 'tencent';
  constructor(
    private readonly c: SmsConfig,
    private readonly egress: Egress,
  ) {}

  async send(m: SmsMessage): Promise<string> {
    const url = new URL(this.c.endpoint || DEFAULT_ENDPOINT);
    const payload = JSON.stringify({
      PhoneNumberSet: m.phones.map((p) => `+86${p}`),
      SmsSdkAppId: this.c.appId,
      SignName: this.c.signName,
      TemplateId: this.c.templateId,
      TemplateParamSet: Object.values(m.params),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const s = tc3Signature({ secretKey: this.c.secretKey, service: 'sms', host: url.host, contentType: CONTENT_TYPE, payload, timestamp });
    const res = (await providerFetch(this.egress, `${url.origin}/`, {
      headers: {
        authorization: `TC3-HMAC-SHA256 Credential=${this.c.accessKey}/${s.scope}, SignedHeaders=${s.signedHeaders}, Signature=${s.signature}`,
        'content-type': CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': this.c.regionId || 'ap-guangzhou',
      },
      body: payload,
    })) as {
      Response?: {
        Error?: { Code: string; Message: string };
        SendStatusSet?: Array<{ Code: string; Message: string; PhoneNumber: string }>;
        RequestId?: string;
      };
    };
    const r = res.Response ?? {};
    if (r.Error) throw new SmsError(`短信发送失败,服务商拒绝了请求${providerCode(r.Error.Code)}`, res);
    const failed = (r.SendStatusSet ?? []).filter((x) => x.Code !== 'Ok');
    if (failed.length) throw new SmsError(`短信发送失败,服务商拒绝了 ${failed.length} 个号码${providerCode(failed[0]!.Code)}`, res);
    return r.RequestId ?? '';
  }
}
