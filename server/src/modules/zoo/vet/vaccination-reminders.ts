import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { everyHour } from '../../../platform/hourly';
import { inTenant } from '../../../platform/tenancy/tenant-tx';
import { bladeNotice } from '../../desk/notice/notice.tables';
import { AUDIENCE_VET } from '../../desk/notice/notice-audience';

/** Days before a vaccination's or deworming's next dose falls due at which the vets are told (decision 0038). */
export const VACCINATION_REMINDER_DAYS = 7;
const FIRST_RUN = 90_000;
/** dict `notice` 6 事务通知. */
const NOTICE_CATEGORY = 6;
const KIND_NAME: Record<number, string> = { 1: '疫苗接种', 2: '驱虫' };

type Due = { tenantId: string; id: string; nextDue: string; days: number; kind: number; product: string; animalName: string };

/**
 * Sends the vaccination reminders that are due, across zoos, and returns how many notices it wrote: for each zoo,
 * one notice to its vets (role alias `vet`, decision 0051) naming every vaccination or deworming whose next dose
 * falls due within 7 days and was not reminded yet. Only the latest dose of each animal and product counts (a
 * booster supersedes the dose before it, as on the vet's home), and only live animals'. The reminder row's unique
 * key (zoo, vaccination, due date) decides who sends, as for the permit reminders: a second instance or a second
 * run inserts nothing and sends nothing (its insert waits for the first one's COMMIT). A due date moved by an edit
 * is reminded again; an overdue dose is not reminded (it is on the vet's home until given).
 */
export async function sendVaccinationReminders(db: Db): Promise<number> {
  return inTenant(db, { tenantId: '000000', allTenants: true }, async (tx: Tx) => {
    const due = await rowsOf<Due>(
      tx,
      sql`select v.tenant_id as "tenantId", v.id::text as id, to_char(v.next_due, 'YYYY-MM-DD') as "nextDue", (v.next_due - current_date)::int as days,
                 v.kind, v.product, coalesce(nullif(a.animal_name, '') || ' (' || a.local_no || ')', a.local_no, '') as "animalName"
            from zoo_med_vaccination v left join zoo_animal a on a.id = v.animal_id
           where v.is_deleted = 0 and v.next_due between current_date and current_date + ${VACCINATION_REMINDER_DAYS}::int
             and coalesce(a.status, 1) = 1 and coalesce(a.is_deleted, 0) = 0
             and not exists (select 1 from zoo_med_vaccination l
                              where l.tenant_id = v.tenant_id and l.animal_id = v.animal_id and l.product = v.product and l.is_deleted = 0
                                and (l.given_date, l.id) > (v.given_date, v.id))
           order by v.tenant_id, v.next_due, v.id`,
    );
    const byZoo = new Map<string, Due[]>();
    for (const d of due) byZoo.set(d.tenantId, [...(byZoo.get(d.tenantId) ?? []), d]);
    let sent = 0;
    for (const [tenantId, list] of byZoo) {
      const inserted = await rowsOf<{ id: string; vaccinationId: string }>(
        tx,
        sql`insert into zoo_med_vaccination_reminder (tenant_id, vaccination_id, next_due)
            select ${tenantId}, v, d from unnest(${`{${list.map((d) => d.id).join(',')}}`}::bigint[], ${`{${list.map((d) => d.nextDue).join(',')}}`}::date[]) r(v, d)
            on conflict (tenant_id, vaccination_id, next_due) do nothing returning id::text, vaccination_id::text as "vaccinationId"`,
      );
      if (!inserted.length) continue;
      const mine = new Set(inserted.map((r) => r.vaccinationId));
      const told = list.filter((d) => mine.has(d.id));
      const lines = told.map(
        (d) => `「${d.animalName}」${KIND_NAME[d.kind] ?? ''}「${d.product}」应于 ${d.nextDue} 进行${d.days === 0 ? '(今天)' : `(${d.days}天后)`}`,
      );
      const [notice] = await tx
        .insert(bladeNotice)
        .values({
          tenantId,
          title:
            told.length === 1
              ? `疫苗驱虫到期提醒:「${told[0]!.animalName}」${told[0]!.product} ${told[0]!.nextDue}`
              : `疫苗驱虫到期提醒:${told.length}项将在${VACCINATION_REMINDER_DAYS}天内到期`,
          category: NOTICE_CATEGORY,
          audienceRoles: AUDIENCE_VET,
          releaseTime: sql`localtimestamp(0)` as never,
          content: `以下疫苗接种或驱虫将在${VACCINATION_REMINDER_DAYS}天内到期,请安排:\n${lines.join('\n')}\n登记后请在疫苗驱虫中录入本次接种及下次到期日期。`,
        })
        .returning({ id: bladeNotice.id });
      await tx.execute(
        sql`update zoo_med_vaccination_reminder set notice_id = ${notice!.id} where id = any(${`{${inserted.map((r) => r.id).join(',')}}`}::bigint[])`,
      );
      sent++;
    }
    return sent;
  });
}

/** Checks hourly on every instance (first check a minute and a half after start); stops with the app. */
export function vaccinationReminders(app: FastifyInstance): void {
  everyHour(app, 'vaccination reminders', FIRST_RUN, () => sendVaccinationReminders(app.zoo.database.db));
}
