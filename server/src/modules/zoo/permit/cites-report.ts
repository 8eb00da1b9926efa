import { sql } from 'drizzle-orm';
import type { CitesTradeRow } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import type { SheetColumn } from '../../../platform/excel';
import { localLabel } from '../../../platform/i18n/request-language';

/**
 * The zoo's part of the CITES annual report (Art. VIII(7)(a); Res. Conf. 11.17 (Rev. CoP19); Guidelines for the
 * preparation and submission of CITES annual reports): one row per shipment of a CITES-listed species in the year,
 * with the appendix in force on the shipment's day (status history).
 * - Exports and re-exports: the CITES export permits, re-export certificates and 允许进出口证明书 the ledger's exports
 *   used (a reversed export gave its use back and is not reported); purpose and source codes are the permit's, which
 *   the gate made equal to the shipment's.
 * - Imports: the ledger's imports from outside the zoo network (not transfers) of listed species, with the permit
 *   number entered on the import; codes from the zoo's CITES import permit or 允许进出口证明书 of that number, when it is
 *   registered. Reversed imports are left out.
 * Live animals only: term LIV, counted in specimens (unit blank, as the guidelines ask for numbers of specimens).
 */
export async function citesReport(db: Tx, year: number): Promise<CitesTradeRow[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const appendixAt = (species: ReturnType<typeof sql>, day: ReturnType<typeof sql>) => sql`(
    select h.cites_appendix from zoo_species_status h where h.species_id = ${species} and h.is_deleted = 0
       and (h.valid_from is null or h.valid_from <= ${day}) order by h.valid_from desc nulls last, h.id desc limit 1)`;
  const found = await rowsOf<Record<string, string | number | boolean>>(
    db,
    sql`select * from (
      select 'E' as direction, to_char(u.use_date, 'YYYY-MM-DD') as date, ${appendixAt(sql`u.species_id`, sql`u.use_date`)} as appendix,
             s.latin_name, s.species_name, u.quantity, coalesce(nullif(p.counterpart, ''), l.counterpart) as partner, '' as origin,
             p.permit_no, p.purpose_code, p.source_code, p.kind = 6 as reexport, u.id as ord
        from zoo_permit_use u
        join zoo_permit p on p.id = u.permit_id and p.kind in (4, 6, 7)
        join zoo_stock_log l on l.id = u.stock_log_id
        join zoo_species s on s.id = u.species_id
       where u.is_deleted = 0 and u.use_kind = 'export' and u.use_date between ${from}::date and ${to}::date
      union all
      select 'I', to_char(l.event_date, 'YYYY-MM-DD'), ${appendixAt(sql`l.species_id`, sql`l.event_date::date`)},
             s.latin_name, s.species_name, (l.male_quantity + l.female_quantity + l.they_quantity), l.counterpart, l.counterpart,
             l.permit_no, coalesce(p.purpose_code, ''), coalesce(p.source_code, ''), false, l.id
        from zoo_stock_log l
        join zoo_species s on s.id = l.species_id
        left join lateral (select x.purpose_code, x.source_code from zoo_permit x
                            where x.permit_no = l.permit_no and l.permit_no <> '' and x.kind in (5, 7) and x.is_deleted = 0
                            order by x.id desc limit 1) p on true
       where l.movement_type = 'import' and l.transfer_id is null
         and l.event_date >= ${from}::date and l.event_date < ${to}::date + 1
         and not exists (select 1 from zoo_stock_log r where r.reversed_id = l.id)
    ) t where appendix in ('I', 'II', 'III')
    order by date, direction, ord`,
  );
  return found.map((r) => ({
    direction: r.direction as 'E' | 'I',
    date: String(r.date),
    appendix: String(r.appendix),
    latinName: String(r.latin_name),
    speciesName: String(r.species_name),
    term: 'LIV',
    quantity: Number(r.quantity),
    unit: '',
    partner: String(r.partner ?? ''),
    origin: String(r.origin ?? ''),
    permitNo: String(r.permit_no ?? ''),
    purposeCode: String(r.purpose_code ?? ''),
    sourceCode: String(r.source_code ?? ''),
    // A re-export certificate's shipment is marked, in the request's language.
    remark: r.reexport ? localLabel('再出口', 'Re-export') : '',
  }));
}

/**
 * Columns in the order of the guidelines' tabular format. The Chinese sheet's headers are bilingual (the national
 * authority files in English); the English sheet's are the guidelines' English alone.
 */
export const CITES_SHEET: SheetColumn<keyof CitesTradeRow>[] = [
  { key: 'direction', header: '进/出口 (E/I)', en: 'Import/export (E/I)', width: 10 },
  { key: 'date', header: '日期 Date', en: 'Date', width: 12 },
  { key: 'appendix', header: '附录 App.', en: 'App.', width: 8 },
  { key: 'latinName', header: '学名 Taxon', en: 'Taxon', width: 26 },
  { key: 'speciesName', header: '中文名', en: 'Chinese name', width: 14 },
  { key: 'term', header: '货物类型 Term', en: 'Term', width: 10 },
  { key: 'quantity', header: '数量 Quantity', en: 'Quantity', width: 10 },
  { key: 'unit', header: '单位 Unit', en: 'Unit', width: 8 },
  { key: 'partner', header: '进口国/出口国 Importer/Exporter', en: 'Importer/Exporter', width: 24 },
  { key: 'origin', header: '原产国 Origin', en: 'Origin', width: 14 },
  { key: 'permitNo', header: '许可证号 Permit No.', en: 'Permit No.', width: 20 },
  { key: 'purposeCode', header: '目的 Purpose', en: 'Purpose', width: 10 },
  { key: 'sourceCode', header: '来源 Source', en: 'Source', width: 10 },
  { key: 'remark', header: '备注 Remarks', en: 'Remarks', width: 14 },
];
