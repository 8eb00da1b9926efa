/**
 * Import of an existing studbook (decision 0037): an xlsx or the PMx pedigree CSV our export writes. Each row
 * either matches an identity already in the species' pedigree (by studbook number, or by the identity the export
 * writes for an animal without one) or becomes a new record of the importing zoo with its number; every row not
 * taken is listed with its reason. All of it is one transaction: the request's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { STUDBOOK_NO_RE, studbookEndpoints as ep, type ImportIssue } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { readUpload } from '../../../platform/http/multipart';
import { zooAnimal } from '../zoo.tables';
import { appendAnimalIn, REGISTRY_IMPORT_TYPE, STATUS_IN } from '../stocklog/ledger';
import { openStudbook, type Fact } from './studbook.service';
import { zooStudbook, zooStudbookNo } from './studbook.tables';
import { parseStudbook, readGrid, type ParentRef, type StudbookRow } from './studbook-import.parse';
import { rowsOf } from './studbook-view';

const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A record that is only a pedigree fact (a dead ancestor): never in the stock ledger (dict animal_status 0). */
const STATUS_PEDIGREE_ONLY = 0;

/** A parent as the new record stores it: the importing zoo's record, or another zoo's identity. */
type Link = { sex: number; birth: string | null; recordId?: string; identity?: string; label: string };

async function studbookIdOf(db: Tx, speciesId: string, scope: 1 | 2): Promise<string> {
  const [book] = await db
    .select({ id: zooStudbook.id })
    .from(zooStudbook)
    .where(and(eq(zooStudbook.speciesId, speciesId), eq(zooStudbook.scope, scope), eq(zooStudbook.isDeleted, 0)));
  if (book) return book.id;
  const name = rowsOf<{ n: string }>(await db.execute(sql`select species_name as n from zoo_species where id = ${speciesId}::bigint`))[0]?.n ?? '';
  const [made] = await db
    .insert(zooStudbook)
    .values({ speciesId, scope, studbookName: `${name}${scope === 1 ? '国家' : '国际'}谱系` })
    .returning({ id: zooStudbook.id });
  return made!.id;
}

const linkOfFact = (f: Fact): Link => ({
  sex: f.sex,
  birth: f.birth ? f.birth.slice(0, 10) : null,
  ...(f.own && f.recordId ? { recordId: f.recordId } : { identity: f.identity }),
  label: f.studbookNo ? `#${f.studbookNo}` : f.identity,
});

export function studbookImportRoutes(app: FastifyInstance): void {
  const received = new WeakMap<FastifyRequest, { grid: string[][] } | { error: unknown }>();
  // The file is read and parsed before the request transaction opens (an upload waits on the client). Its errors
  // are kept and thrown in the handler, after the access rule: a caller without the right gets 403, not a file
  // message.
  const before = async (req: FastifyRequest) => {
    try {
      received.set(req, { grid: await readGrid((await readUpload(req, FILE_MAX_BYTES, 'file', '谱系文件')).buffer) });
    } catch (error) {
      received.set(req, { error });
    }
  };

  route(
    app,
    ep.import,
    async ({ db, query, req }) => {
      const sb = await openStudbook(db, query.speciesId);
      if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以导入谱系');
      const scope = query.scope as 1 | 2;
      const got = received.get(req)!;
      if ('error' in got) throw got.error;
      const { total, rows, rejected } = parseStudbook(got.grid);
      const known = new Map<string, Fact>();
      for (const f of sb.facts) {
        known.set(f.identity, f);
        if (f.studbookNo) known.set(f.studbookNo, f);
      }
      const inFile = new Map(rows.map((r) => [r.id, r]));
      const done = new Map<string, Link | null>();
      const visiting = new Set<string>();
      const refuse = (r: StudbookRow, reason: string) => {
        rejected.push({ row: r.row, reason });
        done.set(r.id, null);
        return null;
      };
      let created = 0;
      let matched = 0;
      let bookId: string | undefined;

      const parentLink = async (child: StudbookRow, ref: ParentRef, role: '父本' | '母本'): Promise<Link | string | null> => {
        if (ref.kind !== 'ref') return null;
        const row = inFile.get(ref.id);
        const link = row ? await take(row) : known.has(ref.id) ? linkOfFact(known.get(ref.id)!) : undefined;
        if (link === undefined) return `${role} ${ref.id} 不在文件中,也不在该物种的谱系中`;
        if (link === null) return `${role} ${ref.id} 所在行未导入`;
        const sex = role === '父本' ? 1 : 2;
        if (link.sex !== sex) return `${role} ${ref.id} 必须是${sex === 1 ? '雄性' : '雌性'}个体`;
        if (link.birth && child.birth && link.birth >= child.birth) return `${role} ${ref.id} 的出生日期 ${link.birth} 不早于该个体的出生日期 ${child.birth}`;
        return link;
      };

      // Parents first, whatever order the file has; a row met again while its parents are resolved is a loop.
      async function take(r: StudbookRow): Promise<Link | null> {
        if (done.has(r.id)) return done.get(r.id)!;
        if (visiting.has(r.id)) return refuse(r, `谱系号 ${r.id} 的系谱成环(它是自己的祖先)`);
        const fact = known.get(r.id);
        if (fact) {
          if (r.sex !== 3 && fact.sex !== 3 && fact.sex !== r.sex) return refuse(r, `谱系号 ${r.id} 已在谱系中,但性别与文件不符`);
          matched++;
          const link = linkOfFact(fact);
          done.set(r.id, link);
          return link;
        }
        visiting.add(r.id);
        const sire = await parentLink(r, r.sire, '父本');
        const dam = await parentLink(r, r.dam, '母本');
        visiting.delete(r.id);
        if (done.has(r.id)) return done.get(r.id)!;
        if (typeof sire === 'string') return refuse(r, sire);
        if (typeof dam === 'string') return refuse(r, dam);
        const localNo = `SB${scope === 1 ? '' : 'I'}${r.id}`;
        const [dup] = await db
          .select({ id: zooAnimal.id })
          .from(zooAnimal)
          .where(and(eq(zooAnimal.localNo, localNo), eq(zooAnimal.isDeleted, 0)));
        if (dup) return refuse(r, `本园编号 ${localNo} 已存在`);
        if (STUDBOOK_NO_RE.test(r.id)) {
          bookId ??= await studbookIdOf(db, query.speciesId, scope);
          const [used] = await db
            .select({ id: zooStudbookNo.id })
            .from(zooStudbookNo)
            .where(and(eq(zooStudbookNo.studbookId, bookId), eq(zooStudbookNo.studbookNo, r.id)));
          if (used) return refuse(r, `谱系号 ${r.id} 曾被使用过,不能重复使用`);
        } else return refuse(r, `谱系身份 ${r.id} 不在该物种的谱系中(新个体须有谱系号)`);
        const mark = (ref: ParentRef, link: Link | null) => (link ? '' : ref.kind === 'ref' ? 'UNK' : ref.kind.toUpperCase());
        const [rec] = await db
          .insert(zooAnimal)
          .values({
            speciesId: query.speciesId,
            localNo,
            sex: r.sex,
            birthDate: r.birth ? `${r.birth} 00:00:00` : null,
            birthPrecision: r.birth ? 1 : 4,
            sireId: sire?.recordId ?? null,
            sireIdentityId: sire?.identity ?? null,
            sireMark: mark(r.sire, sire),
            damId: dam?.recordId ?? null,
            damIdentityId: dam?.identity ?? null,
            damMark: mark(r.dam, dam),
            status: r.alive ? STATUS_IN : STATUS_PEDIGREE_ONLY,
            remark: `谱系导入${r.location ? `;所在单位:${r.location}` : ''}`.slice(0, 500),
          })
          .returning();
        // A living animal enters the importing zoo's stock like any new record (an opening import entry).
        if (r.alive) await appendAnimalIn(db, 'import', rec!, { eventDate: rec!.createTime, typeKey: REGISTRY_IMPORT_TYPE, remark: '谱系导入' });
        await db.insert(zooStudbookNo).values({ studbookId: bookId, identityId: rec!.id, studbookNo: r.id });
        created++;
        const link: Link = { sex: r.sex, birth: r.birth, recordId: rec!.id, label: r.id };
        done.set(r.id, link);
        return link;
      }

      for (const r of rows) await take(r);
      const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;
      return { total, created, matched, rejected: rejected.sort(byRow) };
    },
    { before },
  );
}
