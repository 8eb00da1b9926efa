import { createHmac, randomUUID } from 'node:crypto';
import type { Egress } from '../../../platform/http/egress';
import { providerCode, providerFetch, SmsError, type SmsConfig, type SmsMessage, type SmsSender } from './sms-sender';

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it: only A-Z a-z 0-9 - _ . ~ stay literal. */
export const percentEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Canonicalized query string: parameters sorted by name, each name and value percent-encoded. */
export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');

/**
 * Signature v1 of Alibaba Cloud RPC APIs: Base64(HMAC-SHA1(secret + "&", METHOD&%2F&encode(canonical query))).
 * `params` excludes Signature itself.
 */
export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** Aliyun SMS SendSms (API version 2017-05-25), signed RPC request as a POST form. */
export class AliyunSms implements SmsSender {
  readonly provider = 'aliyun';
  constructor(
    private readonly c: SmsConfig,
    private readonly egress: Egress,
  ) {}

  async send(m: SmsMessage): Promise<string> {
    const params: Record<string, string> = {
      AccessKeyId: this.c.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: this.c.regionId || 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      PhoneNumbers: m.phones.join(','),
      SignName: this.c.signName,
      TemplateCode: this.c.templateId,
      TemplateParam: JSON.stringify(m.params),
    };
    const body = `${canonicalQuery(params)}&Signature=${percentEncode(rpcSignature('POST', params, this.c.secretKey))}`;
    const res = (await providerFetch(this.egress, `${(this.c.endpoint || DEFAULT_ENDPOINT).replace(/\/+$/, '')}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })) as { Code?: string; Message?: string; RequestId?: string };
    if (res.Code !== 'OK') throw new SmsError(`短信发送失败,服务商拒绝了请求${providerCode(res.Code)}`, res);
    return res.RequestId ?? '';
  }
}
