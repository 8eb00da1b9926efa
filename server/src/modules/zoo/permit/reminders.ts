import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeNotice } from '../../desk/notice/notice.tables';
import { AUDIENCE_ADMIN } from '../../desk/notice/notice-audience';
import { expiringPermits } from './expiring';
import { KIND_NAME } from './permit-gate';
import { everyHour } from '../../../platform/hourly';

/** Days before a permit's last day at which the zoo is told (issue 32). */
export const REMINDER_DAYS = [60, 30, 7] as const;
const FIRST_RUN = 60_000;
/** dict `notice` 6 事务通知. */
const NOTICE_CATEGORY = 6;

/**
 * Sends the expiry reminders that are due, across zoos, and returns how many notices it wrote. For each permit in
 * force within 60 days of its last day, the smallest threshold it has reached is its reminder; thresholds it has
 * passed without one (a permit entered 5 days before expiry) are recorded as passed, unsent — one notice, not three.
 * The reminder row's unique key (zoo, permit, threshold, last day) decides who sends: a second instance, or a second
 * run, inserts nothing and sends nothing; its insert waits for the first one's COMMIT, so the two cannot both send.
 */
export async function sendPermitReminders(db: Db): Promise<number> {
  return inTenant(db, { tenantId: '000000', allTenants: true }, async (tx: Tx) => {
    let sent = 0;
    for (const p of await expiringPermits(tx, REMINDER_DAYS[0], 10_000)) {
      const [{ days }] = await rowsOf<{ days: number }>(tx, sql`select (${p.validTo}::date - current_date)::int as days`);
      const due = REMINDER_DAYS.filter((d) => d >= days!);
      const threshold = Math.min(...due);
      const inserted = await rowsOf<{ id: string; threshold: number }>(
        tx,
        sql`insert into zoo_permit_reminder (tenant_id, permit_id, threshold, valid_to)
            select ${p.tenantId}, ${p.id}, t, ${p.validTo}::date from unnest(${`{${due.join(',')}}`}::int[]) t
            on conflict (tenant_id, permit_id, threshold, valid_to) do nothing returning id::text, threshold`,
      );
      const mine = inserted.find((r) => r.threshold === threshold);
      if (!mine) continue;
      const [notice] = await tx
        .insert(bladeNotice)
        .values({
          tenantId: p.tenantId,
          title: `许可证到期提醒:${KIND_NAME[p.kind] ?? '许可证'}「${p.permitNo}」${days}天后到期`,
          category: NOTICE_CATEGORY,
          // The zoo's administrators renew permits; keepers are not told (issue 32, decision 0051).
          audienceRoles: AUDIENCE_ADMIN,
          releaseTime: sql`localtimestamp(0)` as never,
          content: `${KIND_NAME[p.kind] ?? '许可证'}「${p.permitNo}」(发证机关:${p.issuingAuthority})将于 ${p.validTo} 到期,距今${days}天。请及时办理延续或重新申领,到期后该证件不能再用于动物的出入与转移。`,
        })
        .returning({ id: bladeNotice.id });
      await tx.execute(sql`update zoo_permit_reminder set notice_id = ${notice!.id} where id = ${mine.id}`);
      sent++;
    }
    return sent;
  });
}

/** Checks hourly on every instance (first check a minute after start); stops with the app. */
export function permitReminders(app: FastifyInstance): void {
  everyHour(app, 'permit reminders', FIRST_RUN, () => sendPermitReminders(app.zoo.database.db));
}
