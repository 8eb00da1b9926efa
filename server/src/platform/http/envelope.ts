export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export const ok = <T>(data: T, msg = '操作成功'): R<T> => ({ code: 200, success: true, data, msg });
/**
 * A handler's answer already validated, blanked and serialized (a cached one): route() sends it inside the
 * envelope as is, skipping the per-request schema serializer and blankNulls — for large answers that repeat
 * (menu trees) those were a third of the request's CPU.
 */
export class PreSerialized {
  private bytes?: { msg: string; body: Buffer };
  constructor(readonly json: string) {}

  /**
   * The whole R envelope around `json`, as bytes: kept for the last message asked for, so a cached tree (menus,
   * 15–55 KB) is not concatenated and encoded again on every request.
   */
  envelope(msg: string): Buffer {
    if (this.bytes?.msg !== msg) this.bytes = { msg, body: Buffer.from(`{"code":200,"success":true,"data":${this.json},"msg":${JSON.stringify(msg)}}`) };
    return this.bytes.body;
  }
}

export const err = (code: number, msg: string): R<Record<string, never>> => ({ code, success: false, data: {}, msg });

/**
 * Blade's JSON writer renders null properties as typed defaults; "" is what Saber's templates compare with.
 * Turns a missing value (null, or a property set to undefined, e.g. a lookup that found nothing) into "". Tree
 * nodes' optional structure (`children`, `hasChildren`) stays absent instead. A 200 with a response schema is
 * blanked by its projection in the same walk, to these same rules (response-serializer.ts); every other body by
 * this function, in the preSerialization hook.
 */
export const STRUCTURAL = new Set(['children', 'hasChildren']);

export function blankNulls(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(blankNulls);
  if (typeof v === 'object' && v.constructor === Object) {
    // for…in, not Object.entries: no [key, value] pair allocated per property (a list page has hundreds).
    const o: Record<string, unknown> = {};
    const src = v as Record<string, unknown>;
    for (const k in src) {
      const x = src[k];
      o[k] = x === undefined && STRUCTURAL.has(k) ? undefined : x === null || x === undefined || typeof x === 'object' ? blankNulls(x) : x;
    }
    return o;
  }
  return v;
}
