import { z } from 'zod';
import { phoneField } from './phone';
import { Id } from './common';
import { INT32_MAX, INT32_MIN, isDateTimeText, isIdText } from './wire';

/**
 * Field builders every contract uses for form inputs: Chinese messages naming the field, "" and null from forms
 * meaning "not set" (the one place the wire's blanks become nulls; the server's resource builder turns a null into
 * the column's default).
 */

/** A nullable number on the way out: the envelope renders null as "". */
export const NumOut = z.union([z.number(), z.literal('')]);

/** A real calendar date, `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`, normalised to the wire's datetime format. */
export const dateIn = (label: string) =>
  z
    .string({ error: `${label}格式应为 yyyy-MM-dd` })
    .trim()
    .refine((s) => isDateTimeText(s), `${label}格式应为 yyyy-MM-dd`)
    .transform((s) => (s.length === 10 ? `${s} 00:00:00` : s));

/** Optional form values: "" and null mean "not set" (forms send them for cleared inputs). */
const blankToNull = (v: unknown) => (v === '' || v === null ? null : v);

export const optDate = (label: string) => z.preprocess(blankToNull, dateIn(label).nullable().optional());

/** A number a form may send as a numeric string; "" / null = not set. */
export const optNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b)) ? Number(b) : b;
    },
    z
      .number({ error: `${label}必须是数字` })
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`)
      .nullable()
      .optional(),
  );

export const optInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' && /^-?\d+$/.test(b.trim()) ? Number(b) : b;
    },
    z
      .number({ error: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(Math.max(min, INT32_MIN), `${label}不能小于${Math.max(min, INT32_MIN)}`)
      .max(Math.min(max, INT32_MAX), `${label}不能大于${Math.min(max, INT32_MAX)}`)
      .nullable()
      .optional(),
  );

/** A required non-empty text. */
export const reqText = (label: string, max: number, verb = '请输入') =>
  z
    .string({ error: `${verb}${label}` })
    .trim()
    .min(1, `${verb}${label}`)
    .max(max, `${label}不能超过${max}个字符`);
export const optText = (label: string, max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `${label}不能超过${max}个字符`).nullable().optional());

/** A required id chosen from a list (messages say "please choose"). */
export const reqId = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请选择${label}` })
    .transform(String)
    .pipe(z.string().min(1, `请选择${label}`).refine(isIdText, `${label}ID格式不正确`));
/** The id an update call must carry (contract §1.3 wording). */
export const updateId = z
  .union([z.string(), z.number()], { error: '缺少必要的请求参数: id' })
  .transform(String)
  .pipe(z.string().refine(isIdText, 'ID格式不正确'));
export const optId = (label: string) =>
  z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? null : v), Id.nullable().optional().describe(label));

/** One of a dictionary's integer keys; forms may send them as strings. */
export const dictInt = <const K extends readonly number[]>(label: string, keys: K) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: `请选择${label}` }).refine((n) => keys.includes(n), `${label}取值不正确`),
  );

/** http(s) address (photos, camera streams, attachment links) or a server-relative path. */
export const isLink = (s: string) => {
  if (s.startsWith('/') && !s.startsWith('//')) return !/\s/.test(s);
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
export const linkIn = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(1000, `${label}不能超过1000个字符`)
    .refine(isLink, `${label}不是有效的链接地址`);

/** Mobile number, with the spec's three messages in order (§5). */
export const phoneIn = phoneField(true);
