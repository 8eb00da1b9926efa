import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { humitureAlarm, humitureAlarmEndpoints } from '@zoo/contract';
import type { DbLike } from '../../../db/client';
import { route } from '../../../platform/http/route';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { rows } from '../keeper/basic-log.service';
import { cageOf, userOf } from '../shared/lookups';
import { zooHumitureAlarm, zooHumitureAlarmNotice } from './humiture.tables';

const a = zooHumitureAlarm;
const n = zooHumitureAlarmNotice;

/**
 * Alarm figures of the caller's tenant (row-level security of the request transaction): open = still outside
 * the band, unacknowledged = nobody acknowledged it yet (open or not), mine = notified to `userId` and not yet
 * acknowledged. The home page (/wel/index) reads these through `GET /zoo-cage/humiture/alarm/count`.
 */
export async function openAlarmCount(db: DbLike, userId: string): Promise<{ open: number; unacknowledged: number; mine: number }> {
  const [r] = await rows<{ open: number; unack: number; mine: number }>(
    db,
    sql`select count(*) filter (where end_time is null)::int as open, count(*) filter (where ack_time is null)::int as unack,
               count(*) filter (where ack_time is null and exists (
                 select 1 from zoo_humiture_alarm_notice n where n.alarm_id = a.id and n.user_id = ${userId} and n.read_time is null))::int as mine
          from zoo_humiture_alarm a where is_deleted = 0 and (end_time is null or ack_time is null)`,
  );
  return { open: r?.open ?? 0, unacknowledged: r?.unack ?? 0, mine: r?.mine ?? 0 };
}

const num = (v: number | null) => (v === null ? ('' as const) : v);

export function humitureAlarmRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: a,
    def: humitureAlarm,
    defaultOrder: () => [sql`(${a.endTime} is null) desc`, desc(a.startTime), desc(a.id)],
    listScope: async ({ session }, { state, mine }) => {
      const parts: SQL[] = [];
      if (state === 'open') parts.push(isNull(a.endTime));
      if (state === 'closed') parts.push(sql`${a.endTime} is not null`);
      if (state === 'unack') parts.push(isNull(a.ackTime));
      if (mine === '1') parts.push(sql`exists (select 1 from zoo_humiture_alarm_notice n where n.alarm_id = ${a.id} and n.user_id = ${session.userId})`);
      return parts.length ? and(...parts) : undefined;
    },
    toRecords: async (list, ctx) => {
      const ids = list.map((r) => r.id);
      const mine = ids.length
        ? new Set(
            (
              await ctx.db
                .select({ id: n.alarmId })
                .from(n)
                .where(and(inArray(n.alarmId, ids), eq(n.userId, ctx.session.userId), isNull(n.readTime)))
            ).map((r) => r.id),
          )
        : new Set<string>();
      return Promise.all(
        list.map(async (r) => {
          const [cage, acker] = await Promise.all([cageOf(ctx)(r.cageId), userOf(ctx)(r.ackUser)]);
          return {
            ...r,
            cageCode: cage?.cageCode ?? '',
            cageName: cage?.cageName ?? '',
            rangeMin: num(r.rangeMin),
            rangeMax: num(r.rangeMax),
            endTime: r.endTime ?? '',
            open: r.endTime === null,
            ackUser: r.ackUser ?? '',
            ackUserName: acker ? acker.realName || acker.account : '',
            ackTime: r.ackTime ?? '',
            notifiedToMe: mine.has(r.id) && r.ackTime === null,
          } as never;
        }),
      );
    },
  });

  /** Acknowledging marks every keeper's notice of the alarm read: the alarm has been seen to. */
  route(app, humitureAlarmEndpoints.ack, async ({ db, query, session }) => {
    const done = await db
      .update(a)
      .set({ ackUser: session.userId, ackTime: sql`localtimestamp(0)` })
      .where(and(inArray(a.id, query.ids), isNull(a.ackTime), eq(a.isDeleted, 0)))
      .returning({ id: a.id });
    if (done.length)
      await db
        .update(n)
        .set({ readTime: sql`localtimestamp(0)` })
        .where(
          and(
            inArray(
              n.alarmId,
              done.map((d) => d.id),
            ),
            isNull(n.readTime),
          ),
        );
    return { acknowledged: done.length };
  });

  route(app, humitureAlarmEndpoints.count, async ({ db, session }) => openAlarmCount(db, session.userId));
}
