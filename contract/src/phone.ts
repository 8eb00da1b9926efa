import { z } from 'zod';

/** Mainland mobile numbers, checked in the order of spec §5: empty, then length, then format. */
export const PHONE_MSG = { empty: '手机号码不能为空', length: '手机号码长度不为11位', format: '手机号码格式不正确' } as const;
export const PHONE_RE = /^1[3-9]\d{9}$/;

export function phoneProblem(v: string, required: boolean): string | null {
  if (v === '') return required ? PHONE_MSG.empty : null;
  if (v.length !== 11) return PHONE_MSG.length;
  return PHONE_RE.test(v) ? null : PHONE_MSG.format;
}

export const phoneField = (required: boolean) =>
  z
    .string({ error: PHONE_MSG.empty })
    .trim()
    .superRefine((v, ctx) => {
      const p = phoneProblem(v, required);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });
