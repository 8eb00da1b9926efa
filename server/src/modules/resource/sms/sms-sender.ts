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
export class SmsError extends Error {}

/** POSTs to a provider with a time limit; network failures become SmsError. */
export async function providerFetch(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (e) {
    throw new SmsError(`短信服务不可用: ${(e as Error).message}`);
  }
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new SmsError(`短信服务返回了无法识别的响应 (HTTP ${res.status})`);
  }
}
