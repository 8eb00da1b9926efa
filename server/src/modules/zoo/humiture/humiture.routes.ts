import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEVICE_KEY_HEADER, humitureEndpoints } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { publicRoute, route } from '../../../platform/http/route';
import { mustExist } from '../../../platform/resource/guards';
import { rows } from '../keeper/basic-log.service';
import { zooCage } from '../zoo.tables';
import { deadBand } from './dead-band';
import { comfortOf, readHistory } from './history';
import { zooCageDeviceKey } from './humiture.tables';

const k = zooCageDeviceKey;
export const BAD_KEY = '设备密钥无效或已吊销';
const KEY_RE = /^zk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const num = (v: unknown) => (v === null || v === undefined ? ('' as const) : Math.round(Number(v) * 10) / 10);

export function humitureRoutes(app: FastifyInstance): void {
  route(app, humitureEndpoints.device, async ({ db, query }) => {
    const list = await rows<{ key_id: string; create_time: string; revoke_time: string | null; last: string | null }>(
      db,
      sql`select key_id, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') as create_time, to_char(revoke_time, 'YYYY-MM-DD HH24:MI:SS') as revoke_time,
                 (select to_char(max(read_time), 'YYYY-MM-DD HH24:MI:SS') from zoo_humiture h where h.cage_id = k.cage_id) as last
            from zoo_cage_device_key k where cage_id = ${query.cageId} and is_deleted = 0 order by id desc`,
    );
    return list.map((r) => ({ keyId: r.key_id, createTime: r.create_time, revokeTime: r.revoke_time ?? '', live: !r.revoke_time, lastReading: r.last ?? '' }));
  });

  /** A new key revokes the cage's live one (a replaced or lost sensor); the secret is answered once, never stored. */
  route(app, humitureEndpoints.generate, async ({ db, query }) => {
    await mustExist(db, zooCage, query.cageId, '所选笼舍不存在');
    await db
      .update(k)
      .set({ revokeTime: sql`localtimestamp(0)` })
      .where(and(eq(k.cageId, query.cageId), isNull(k.revokeTime)));
    const keyId = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    await db.insert(k).values({ cageId: query.cageId, keyId, keyHash: sha256(secret) });
    return { keyId, key: `zk_${keyId}_${secret}` };
  });

  route(app, humitureEndpoints.revoke, async ({ db, query }) => {
    const done = await db
      .update(k)
      .set({ revokeTime: sql`localtimestamp(0)` })
      .where(and(eq(k.cageId, query.cageId), isNull(k.revokeTime)))
      .returning({ id: k.id });
    if (!done.length) throw new BizError('该笼舍没有有效的设备密钥');
    return {};
  });

  /**
   * Sensors: the key names its tenant and cage, so the readings go in on the unrestricted connection (the caller
   * has no session or tenant): one statement, `zoo_humiture_ingest` (migration 0022), checks the key, inserts the
   * rows with the tenant and cage of the key row — never from the request — and moves the cage's environment
   * alarms (decisions 0015, 0024, 0029). The key is checked by the database on every batch, not cached here: a
   * revoked key is refused from the next batch on, on every instance. A wrong, revoked or deleted key — or a
   * removed cage — inserts nothing: 401. The dead band comes from cached platform params (param writes clear them).
   */
  publicRoute(app, humitureEndpoints.ingest, async ({ req, body, sys }) => {
    const m = KEY_RE.exec(String(req.headers[DEVICE_KEY_HEADER.toLowerCase()] ?? ''));
    if (!m) throw new BizError(BAD_KEY, 401);
    const band = await deadBand(app);
    const [res] = await rows<{ n: number }>(
      sys,
      sql`select zoo_humiture_ingest(${m[1]}, ${sha256(m[2]!)}, ${JSON.stringify(body.readings)}::jsonb,
            ${band.temperature}::float8, ${band.humidity}::float8, ${band.readings}::int) as n`,
    );
    if (!res || res.n < 0) throw new BizError(BAD_KEY, 401);
    return { accepted: res.n };
  });

  route(app, humitureEndpoints.history, async ({ db, query }) => {
    const cage = await mustExist(db, zooCage, query.cageId, '所选笼舍不存在');
    const comfort = await comfortOf(db, cage.id);
    const { from, to, buckets, breaches } = await readHistory(db, cage.id, query.range, comfort);
    const count = buckets.reduce((n, b) => n + b.n, 0);
    const fold = (f: (...xs: number[]) => number, k: 't_min' | 't_max' | 'h_min' | 'h_max') => (count ? f(...buckets.map((b) => b[k])) : null);
    const sum = (k: 't_sum' | 'h_sum') => buckets.reduce((x, b) => x + b[k], 0);
    const s = {
      n: count,
      b: breaches,
      t_min: fold(Math.min, 't_min'),
      t_max: fold(Math.max, 't_max'),
      t_mean: count ? sum('t_sum') / count : null,
      h_min: fold(Math.min, 'h_min'),
      h_max: fold(Math.max, 'h_max'),
      h_mean: count ? sum('h_sum') / count : null,
    };
    const range = { from, to };
    return {
      cageId: cage.id,
      cageName: cage.cageName,
      speciesNames: comfort.names,
      comfort: { tempMin: num(comfort.tmin), tempMax: num(comfort.tmax), humidityMin: num(comfort.hmin), humidityMax: num(comfort.hmax) },
      from: range.from,
      to: range.to,
      buckets: buckets.map((b) => ({
        time: String(b.time),
        tempMin: num(b.t_min) as number,
        tempMax: num(b.t_max) as number,
        tempMean: num(b.t_sum / b.n) as number,
        humidityMin: num(b.h_min) as number,
        humidityMax: num(b.h_max) as number,
        humidityMean: num(b.h_sum / b.n) as number,
        count: b.n,
        breach: b.breach,
      })),
      summary: {
        count: s.n,
        breaches: s.b,
        tempMin: num(s.t_min),
        tempMax: num(s.t_max),
        tempMean: num(s.t_mean),
        humidityMin: num(s.h_min),
        humidityMax: num(s.h_max),
        humidityMean: num(s.h_mean),
      },
    };
  });
}
