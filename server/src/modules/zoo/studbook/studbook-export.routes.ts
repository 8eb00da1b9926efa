/** The whole studbook of a species as a PMx pedigree CSV or an xlsx (readers only). */
import type { FastifyInstance } from 'fastify';
import { studbookEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { sendXlsx, writeSheet } from '../../../platform/excel';
import { openStudbook, round, type Fact } from './studbook.service';
import { idx } from './studbook-view';

export function studbookExportRoutes(app: FastifyInstance): void {
  route(app, ep.export, async ({ db, query, reply }) => {
    const sb = await openStudbook(db, query.speciesId);
    if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以导出整个谱系');
    // PMx text import: one row per animal, parents by the same ID, UNK / WILD / MULT as in SPARKS.
    const idOf = (f: Fact) => f.studbookNo || f.identity;
    const parentId = (p: Fact['sire']) =>
      p.kind === 'animal' ? (sb.byIdentity.get(p.id) ? idOf(sb.byIdentity.get(p.id)!) : 'UNK') : p.kind === 'mult' ? 'MULT' : p.kind.toUpperCase();
    const ordered = sb.gen.ped.ids.map((id) => sb.byIdentity.get(id)!);
    const rows = ordered.map((f) => ({
      UniqueID: idOf(f),
      Sire: parentId(f.sire),
      Dam: parentId(f.dam),
      Sex: f.sex === 1 ? 'M' : f.sex === 2 ? 'F' : 'U',
      Alive: f.alive ? '1' : '0',
      BirthDate: f.birth ? f.birth.slice(0, 10) : '',
      Location: f.holderName,
      F: round(sb.gen.inb.f[idx(sb, f)]!),
      MK: f.alive ? round(sb.gen.mk[idx(sb, f)]!) : '',
    }));
    const cols = ['UniqueID', 'Sire', 'Dam', 'Sex', 'Alive', 'BirthDate', 'Location', 'F', 'MK'] as const;
    if (query.format === 'xlsx')
      return sendXlsx(
        reply,
        `studbook_${query.speciesId}.xlsx`,
        await writeSheet(
          'Studbook',
          cols.map((key) => ({ key, header: key })),
          rows,
        ),
      ) as never;
    const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
    const csv = [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="studbook_${query.speciesId}.csv"`);
    return Buffer.from(`\uFEFF${csv}`, 'utf8') as never;
  });
}
