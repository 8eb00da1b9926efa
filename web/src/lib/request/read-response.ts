/** Status and message exactly as Saber's axios interceptor derives them (contract §1.4). */
export interface Outcome {
  status: number;
  message: string | undefined;
}

const field = (body: unknown, key: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);

export function readOutcome(httpStatus: number, body: unknown): Outcome {
  const code = Number(field(body, 'code')) || 0;
  const msg = field(body, 'msg');
  const description = field(body, 'error_description');
  const message = (typeof msg === 'string' && msg) || (typeof description === 'string' && description) || undefined;
  return { status: code || httpStatus, message };
}

/** Bodies may be JSON, text or empty; only JSON carries a code. */
export async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
