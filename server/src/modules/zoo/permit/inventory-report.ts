import { sql, type SQL } from 'drizzle-orm';
import type { InventoryPopulation, InventoryRow } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import type { SheetColumn } from '../../../platform/excel';
import { localLabel } from '../../../platform/i18n/request-language';
import { cellsAt, endOf } from '../report/stock-at';
import { statusAt } from './species-status';

/**
 * The annual inventory of state-protected animals (年度存栏/资源报告, decision 0040), replayed from the stock ledger:
 * stock at the end of 31 Dec of the year before and of the year (the stock report's replay, stock-at.ts), and the
 * year's movements per kind. Transfers between zoos are the ledger's exports and imports that carry a transfer;
 * a reversal booked in the year takes its heads off the kind it reversed (a correction is reported in the year it
 * is made, as a paper ledger would). Internal moves change nothing. `difference` is what the movements do not
 * explain of the closing stock: 0 for every row of a ledger in order. Species are those of class I or II on 31 Dec
 * (status history), with stock or a movement in the year.
 */

const KIND = sql`case when movement_type = 'reverse' then type_key else movement_type end`;
const BUCKET = sql`case
    when ${KIND} = 'born' then 'born'
    when ${KIND} = 'import' then case when transfer_id is null then 'imported' else 'transferredIn' end
    when ${KIND} = 'census' then 'census'
    when ${KIND} = 'export' then case when transfer_id is null then 'exported' else 'transferredOut' end
    when ${KIND} = 'die' then 'died'
    when ${KIND} = 'cancel' then 'cancelled'
  end`;

const INS = ['born', 'imported', 'transferredIn', 'census'] as const;
const OUTS = ['exported', 'transferredOut', 'died', 'cancelled'] as const;

/**
 * The separator of a cell listing several identifiers or numbers, in the request's language (the Chinese list
 * comma 、 is a CJK mark an English sheet should not carry; decision 0049). A bound parameter of `string_agg`.
 */
const listSep = () => sql`${localLabel('、', ', ')}::text`;
type Bucket = (typeof INS)[number] | (typeof OUTS)[number];

/** An animal's identifier in the report: its current 专用标识, else its current microchip (none: the local number alone). */
const mark = (animal: SQL) => sql`select f.code from zoo_animal_flag f
   where f.animal_id = ${animal} and f.flag_type in (1, 4) and f.void_time is null and f.is_deleted = 0
   order by f.flag_type desc, f.version desc limit 1`;

/**
 * Each individual's population (种群成员) at `end`: links made before it and not removed by then (a removed link is
 * soft-deleted, its update time the removal); the lowest population id if several. A set, joined by hash: a
 * lookup per animal would read the link table once per animal held.
 */
const membersAt = (end: SQL) => sql`select distinct on (l.animal_id) l.animal_id, l.population_id from zoo_population_animal l
   where l.create_time < ${end} and (l.is_deleted = 0 or l.update_time >= ${end})
   order by l.animal_id, l.population_id`;

/**
 * Per species, its populations at the end of `to`: heads from the ledger replay (the same signed sum as stock-at.ts)
 * and the identifiers of the individuals held then that were its members. A member is an individual of the ledger
 * (its own rows, decision 0027), counted once, as an individual: the heads are the group's unmarked rest.
 */
async function populationsAt(db: Tx, to: string): Promise<Map<string, InventoryPopulation[]>> {
  const end = endOf(to);
  const found = await rowsOf<{ species_id: string; population_id: string; name: string; heads: number; members: string | null; member_count: number }>(
    db,
    sql`with
      heads as (
        select population_id as pid, species_id, sum(n)::int as heads from (
          select to_population_id as population_id, species_id, male_quantity + female_quantity + they_quantity as n
            from zoo_stock_log where animal_type = 2 and to_population_id is not null and event_date < ${end}
          union all
          select population_id, species_id, -(male_quantity + female_quantity + they_quantity)
            from zoo_stock_log where animal_type = 2 and population_id is not null and event_date < ${end}) r
         group by 1, 2),
      pm as (${membersAt(end)}),
      held as (
        select distinct on (animal_id) animal_id, status_after from zoo_stock_log
         where animal_type = 1 and animal_id in (select animal_id from pm) and event_date < ${end} order by animal_id desc, id desc),
      members as (
        select pm.population_id as pid, count(*)::int as n,
               string_agg(a.local_no || coalesce('(' || mk.code || ')', ''), ${listSep()} order by a.local_no) as ids
          from held h join pm on pm.animal_id = h.animal_id join zoo_animal a on a.id = h.animal_id
          left join lateral (${mark(sql`a.id`)}) mk on true
         where h.status_after = 1 group by 1)
      select coalesce(p.species_id, hd.species_id)::text as species_id, p.id::text as population_id,
             coalesce(nullif(p.population_name, ''), c.cage_code, '') as name,
             coalesce(hd.heads, 0) as heads, m.ids as members, coalesce(m.n, 0) as member_count
        from zoo_population p
        left join heads hd on hd.pid = p.id
        left join members m on m.pid = p.id
        left join zoo_cage c on c.id = p.cage_id
       where coalesce(hd.heads, 0) <> 0 or m.n > 0
       order by 1, p.id`,
  );
  const out = new Map<string, InventoryPopulation[]>();
  for (const r of found) {
    const list = out.get(r.species_id) ?? [];
    list.push({ populationId: r.population_id, populationName: r.name, heads: r.heads, memberCount: r.member_count, members: r.members ?? '' });
    out.set(r.species_id, list);
  }
  return out;
}

/** A population as one cell of the sheet, in the request's language: name, heads without identifiers, members' identifiers. */
export const populationText = (p: InventoryPopulation) =>
  localLabel(
    `${p.populationName}：${p.heads}只无个体标识${p.members ? `；成员 ${p.members}` : ''}`,
    `${p.populationName}: ${p.heads} without individual identifier${p.members ? `; members ${p.members}` : ''}`,
  );

export async function inventoryReport(db: Tx, year: number): Promise<InventoryRow[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const found = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`with
      opening as (select species_id, sum(m + f + u)::int as n from (${cellsAt(sql`${from}::date`)}) c group by 1),
      closing as (select species_id, sum(m)::int as m, sum(f)::int as f, sum(u)::int as u from (${cellsAt(endOf(to))}) c group by 1),
      moved as (
        select species_id, ${BUCKET} as bucket,
               sum((male_quantity + female_quantity + they_quantity) * case when movement_type = 'reverse' then -1 else 1 end)::int as n
          from zoo_stock_log
         where event_date >= ${from}::date and event_date < ${to}::date + 1
         group by 1, 2),
      st as (${statusAt(sql`${to}::date`)}),
      ids as (select species_id from opening union select species_id from closing union select species_id from moved where bucket is not null),
      held as (
        select distinct on (animal_id) animal_id, species_id, status_after from zoo_stock_log
         where animal_type = 1 and event_date < ${endOf(to)} order by animal_id desc, id desc),
      marks as (
        select h.species_id, count(*)::int as n,
               string_agg(a.local_no || coalesce('(' || mk.code || ')', ''), ${listSep()} order by a.local_no) filter (where pm.population_id is null) as identifiers
          from held h join zoo_animal a on a.id = h.animal_id
          left join lateral (${mark(sql`a.id`)}) mk on true
          left join (${membersAt(endOf(to))}) pm on pm.animal_id = a.id
         where h.status_after = 1 group by 1),
      permits as (
        select u.species_id, string_agg(distinct p.permit_no, ${listSep()}) as nos
          from zoo_permit_use u join zoo_permit p on p.id = u.permit_id
         where u.is_deleted = 0 and u.use_date between ${from}::date and ${to}::date group by 1)
      select s.id::text as species_id, s.species_name, s.latin_name, st.protection_class, st.protection_authority, st.cites_appendix,
             coalesce((select string_agg(distinct licence_no, ${listSep()}) from zoo_tenant_species ts where ts.species_id = s.id and ts.is_deleted = 0), '') as licence_no,
             coalesce(o.n, 0) as opening, coalesce(c.m, 0) as m, coalesce(c.f, 0) as f, coalesce(c.u, 0) as u,
             ${sql.join(
               [...INS, ...OUTS].map((b) => sql`coalesce((select n from moved where moved.species_id = s.id and bucket = ${b}), 0) as ${sql.identifier(b)}`),
               sql`, `,
             )},
             coalesce(pm.nos, '') as permit_nos, coalesce(mk.identifiers, '') as identifiers, coalesce(mk.n, 0) as individuals
        from ids join zoo_species s on s.id = ids.species_id
        join st on st.species_id = s.id
        left join opening o on o.species_id = s.id
        left join closing c on c.species_id = s.id
        left join permits pm on pm.species_id = s.id
        left join marks mk on mk.species_id = s.id
       where st.protection_class in (1, 2)
       order by st.protection_class, s.species_name`,
  );
  const pops = await populationsAt(db, to);
  return found.map((r) => {
    const k = (x: string) => Number(r[x] ?? 0);
    const populations = pops.get(String(r.species_id)) ?? [];
    const populationHeads = populations.reduce((s, p) => s + p.heads, 0);
    const closing = k('m') + k('f') + k('u');
    const moves = Object.fromEntries([...INS, ...OUTS].map((b) => [b, k(b)])) as Record<Bucket, number>;
    const explained = k('opening') + INS.reduce((s, b) => s + moves[b], 0) - OUTS.reduce((s, b) => s + moves[b], 0);
    return {
      speciesId: String(r.species_id),
      speciesName: String(r.species_name),
      latinName: String(r.latin_name),
      protectionClass: k('protection_class'),
      protectionAuthority: k('protection_authority'),
      citesAppendix: String(r.cites_appendix),
      licenceNo: String(r.licence_no),
      opening: k('opening'),
      ...moves,
      closing,
      difference: closing - explained,
      male: k('m'),
      female: k('f'),
      unknown: k('u'),
      permitNos: String(r.permit_nos),
      identifiers: String(r.identifiers),
      individuals: k('individuals'),
      populationHeads,
      populations,
      unlisted: closing - k('individuals') - populationHeads,
    };
  });
}

type Col =
  | Exclude<keyof InventoryRow, 'speciesId' | 'protectionAuthority' | 'populations' | 'individuals' | 'populationHeads'>
  | 'protection'
  | 'authority'
  | 'populationsText';

/**
 * The sheet an authority reads: the screen's columns in its order (headers in the request's language, the screen's
 * English words), protection and authority by name, a total row.
 */
export const INVENTORY_SHEET: SheetColumn<Col>[] = [
  { key: 'speciesName', header: '物种', en: 'Species', width: 16 },
  { key: 'latinName', header: '学名', en: 'Scientific name', width: 26 },
  { key: 'protection', header: '保护级别', en: 'Protection class', width: 10 },
  { key: 'authority', header: '主管部门', en: 'Competent authority', width: 10 },
  { key: 'citesAppendix', header: 'CITES附录', en: 'CITES appendix', width: 10 },
  { key: 'licenceNo', header: '人工繁育许可证', en: 'Breeding licence', width: 18 },
  { key: 'opening', header: '年初存栏', en: 'Stock 1 Jan', width: 10 },
  { key: 'born', header: '出生', en: 'Born', width: 8 },
  { key: 'imported', header: '引进', en: 'Imported', width: 8 },
  { key: 'transferredIn', header: '转入', en: 'Transferred in', width: 8 },
  { key: 'census', header: '期初登记', en: 'Registered', width: 10 },
  { key: 'exported', header: '输出', en: 'Exported', width: 8 },
  { key: 'transferredOut', header: '转出', en: 'Transferred out', width: 8 },
  { key: 'died', header: '死亡', en: 'Died', width: 8 },
  { key: 'cancelled', header: '注销', en: 'Deregistered', width: 8 },
  { key: 'closing', header: '年末存栏', en: 'Stock 31 Dec', width: 10 },
  { key: 'difference', header: '差异', en: 'Difference', width: 8 },
  { key: 'unlisted', header: '未列明', en: 'Not listed', width: 8 },
  { key: 'male', header: '雄', en: 'Male', width: 6 },
  { key: 'female', header: '雌', en: 'Female', width: 6 },
  { key: 'unknown', header: '未知', en: 'Unknown', width: 6 },
  { key: 'permitNos', header: '使用的许可证', en: 'Permits used', width: 24 },
  { key: 'identifiers', header: '个体标识(年末在养)', en: 'Identifiers (held on 31 Dec)', width: 40 },
  { key: 'populationsText', header: '种群(无标识头数;成员标识)', en: 'Populations (heads without identifiers; members)', width: 48 },
];

export const NUMBER_KEYS = ['opening', ...INS, ...OUTS, 'closing', 'difference', 'unlisted', 'male', 'female', 'unknown'] as const;
