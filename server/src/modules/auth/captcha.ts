import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { Resvg } from '@resvg/resvg-js';
import type { Db } from '../../db/client';
import { sysCaptcha } from '../../platform/auth/auth.tables';

const TTL_MINUTES = 30;

/** A 130×48 PNG with 5 characters; the lower-cased text is kept 30 minutes in the database. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  const c = svgCaptcha.create({ size: 5, width: 130, height: 48, noise: 2, ignoreChars: '0oO1ilI', background: '#f2f6fc' });
  const png = new Resvg(c.data, { fitTo: { mode: 'original' } }).render().asPng();
  const key = randomUUID();
  await db.insert(sysCaptcha).values({
    key,
    code: c.text.toLowerCase(),
    expireTime: sql`localtimestamp(0) + make_interval(mins => ${TTL_MINUTES})` as never,
  });
  // Expired codes are swept opportunistically; no timer has to live in any one process.
  if (Math.random() < 0.05) await db.delete(sysCaptcha).where(lt(sysCaptcha.expireTime, sql`localtimestamp(0)`));
  return { key, image: `data:image/png;base64,${Buffer.from(png).toString('base64')}` };
}

/** Consumes the code whatever the answer, so each key allows a single attempt (case-insensitive compare). */
export async function consumeCaptcha(db: Db, key: string | undefined, code: string | undefined): Promise<boolean> {
  if (!key || !code) return false;
  const rows = await db
    .delete(sysCaptcha)
    .where(and(eq(sysCaptcha.key, key.slice(0, 64)), gt(sysCaptcha.expireTime, sql`localtimestamp(0)`)))
    .returning({ code: sysCaptcha.code });
  return rows.length === 1 && rows[0]!.code === code.trim().toLowerCase();
}
