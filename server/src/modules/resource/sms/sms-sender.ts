import { egressPost, type Egress } from '../../../platform/http/egress';

/** One text message to send: template variables keyed by name (JSON object order is kept). */
export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
}

export interface SmsConfig {
  templateId: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
  appId: string;
  endpoint: string;
}

export interface SmsSender {
  /** Name shown in responses and logs. */
  readonly provider: string;
  /** Resolves with the provider's request id; rejects with SmsError when the provider refuses. */
  send(m: SmsMessage): Promise<string>;
}

/** A refusal or failure of the SMS provider, shown to the user. */
export class SmsError extends Error {
  constructor(
    message: string,
    /** What the provider or the network said: for the server log, never for the caller. */
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/**
 * One answer for a refused destination, a closed port, a timeout and an answer that is not the provider's JSON:
 * telling them apart would let an administrator map the server's network through the endpoint field.
 */
export const SMS_UNAVAILABLE = '短信服务不可用,请检查短信配置的服务地址';

/** A provider's error code, when it looks like one (an identifier): never free text from the other side. */
export const providerCode = (c: unknown) => (typeof c === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(c) ? ` (错误码 ${c})` : '');

/** POSTs to a provider through the egress rule (no private addresses, no redirects) with a time limit. */
export async function providerFetch(egress: Egress, url: string, init: { headers: Record<string, string>; body: string }): Promise<unknown> {
  let res: { status: number; text: string };
  try {
    res = await egressPost(egress, url, init);
  } catch (e) {
    throw new SmsError(SMS_UNAVAILABLE, (e as Error).message);
  }
  try {
    return JSON.parse(res.text);
  } catch {
    throw new SmsError(SMS_UNAVAILABLE, `HTTP ${res.status}: ${res.text.slice(0, 500)}`);
  }
}
