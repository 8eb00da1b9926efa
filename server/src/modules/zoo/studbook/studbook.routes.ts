import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { studbookEndpoints as ep } from '@zoo/contract';
import { route } from '../../../platform/http/route';
import { BizError } from '../../../platform/http/errors';
import { pageOf } from '../../../platform/resource/paging';
import { sendXlsx, writeSheet } from '../../../platform/excel';
import { zooAnimal } from '../zoo.tables';
import { kinshipAmong, kinshipOf, rankPairs } from './kinship';
import { ageYears, animalOf, assertSpecies, labelOf, openStudbook, round, visible, type Fact, type Studbook } from './studbook.service';
import { zooStudbook, zooStudbookKeeper, zooStudbookNo, zooStudbookSnapshot } from './studbook.tables';

const DEFAULT_GENERATIONS = 3;
const DEFAULT_MAX_F = 1 / 16;
const DEFAULT_MIN_AGE = 2;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const at = (sb: Studbook, i: number) => sb.byIdentity.get(sb.gen.ped.ids[i]!)!;
const idx = (sb: Studbook, f: Fact) => sb.gen.ped.index.get(f.identity)!;
const parentText = (sb: Studbook, p: Fact['sire']): string => {
  if (p.kind === 'animal') {
    const f = sb.byIdentity.get(p.id);
    return f ? labelOf(sb, f) : 'UNK';
  }
  if (p.kind === 'mult') return `MULT(${p.candidates.map((c) => (sb.byIdentity.get(c.id) ? labelOf(sb, sb.byIdentity.get(c.id)!) : c.id)).join(' / ')})`;
  return p.kind === 'wild' ? 'WILD' : 'UNK';
};

function figuresOf(sb: Studbook, f: Fact) {
  const i = idx(sb, f);
  const mk = sb.gen.mk[i]!;
  return { f: round(sb.gen.inb.f[i]!), mk: Number.isNaN(mk) ? -1 : round(mk), known: round(sb.gen.known[i]!), rank: sb.gen.rank[i]! };
}

export function studbookRoutes(app: FastifyInstance): void {
  // Species the caller can open: those of its own animals and those it keeps the studbook of (the platform: the
  // whole species library it curates).
  route(app, ep.species, async ({ db }) => {
    const rows = rowsOf<{ id: string; species_name: string; latin_name: string; reader: boolean }>(
      await db.execute(sql`select s.id::text, s.species_name, s.latin_name, zoo_studbook_reader(s.id) as reader from zoo_species s
        where s.is_deleted = 0 and (exists (select 1 from zoo_animal a where a.species_id = s.id and a.is_deleted = 0) or zoo_studbook_reader(s.id))
        order by s.species_name`),
    );
    return rows.map((r) => ({ speciesId: r.id, speciesName: r.species_name, latinName: r.latin_name, reader: Boolean(r.reader) }));
  });

  route(app, ep.list, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const kw = (query.keyword ?? '').trim().toLowerCase();
    const rows = sb.facts
      .filter((f) => visible(sb, f))
      .filter((f) => (query.alive === '1' ? f.alive : query.alive === '0' ? !f.alive : true))
      .filter((f) => !kw || [f.localNo, f.animalName, f.studbookNo, f.holderName].some((x) => x.toLowerCase().includes(kw)))
      .map((fact) => ({ fact, fig: figuresOf(sb, fact) }))
      // The living by MK rank first (the most valuable on top), then the others by birth date.
      .sort((a, b) => {
        const [x, y] = [a.fig.rank, b.fig.rank];
        return x && y ? x - y : x ? -1 : y ? 1 : (a.fact.birth ?? '').localeCompare(b.fact.birth ?? '');
      });
    const page = rows.slice((query.current - 1) * query.size, query.current * query.size);
    return pageOf(
      page.map(({ fact: f, fig }) => ({
        animalId: f.identity,
        recordId: f.recordId,
        studbookNo: f.studbookNo,
        localNo: f.localNo,
        animalName: f.animalName,
        label: labelOf(sb, f),
        sex: f.sex,
        birthDate: f.birth ?? '',
        alive: f.alive,
        holderTenantName: f.holderName,
        sire: parentText(sb, f.sire),
        dam: parentText(sb, f.dam),
        ...fig,
      })),
      rows.length,
      query,
    );
  });

  route(app, ep.summary, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const g = sb.gen.figures;
    return {
      living: g.living,
      founders: g.founders,
      gd: round(g.gd),
      fge: round(g.fge),
      fe: round(g.fe),
      meanF: round(g.meanF),
      meanMk: round(g.meanMk),
      total: sb.facts.length,
      reader: sb.reader,
    };
  });

  route(app, ep.kinship, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const a = animalOf(sb, query.a, '个体A');
    const b = animalOf(sb, query.b, '个体B');
    const k = kinshipOf(sb.gen.ped, sb.gen.inb, a.identity, b.identity);
    return { kinship: round(k), offspringF: round(k), aLabel: labelOf(sb, a), bLabel: labelOf(sb, b) };
  });

  route(app, ep.pairs, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const generations = query.generations ?? DEFAULT_GENERATIONS;
    const maxF = query.maxF ?? DEFAULT_MAX_F;
    const minAge = query.minAge ?? DEFAULT_MIN_AGE;
    const breeding = (i: number) => {
      const f = at(sb, i);
      if (!visible(sb, f)) return false;
      const age = ageYears(f.birth);
      return age === null || age >= minAge;
    };
    const pairs = rankPairs(sb.gen, { generations, maxF, breeding });
    const page = pairs.slice((query.current - 1) * query.size, query.current * query.size);
    const mkText = (x: number) => x.toFixed(4);
    return pageOf(
      page.map((p, k) => {
        const s = at(sb, p.sire);
        const d = at(sb, p.dam);
        const rank = (query.current - 1) * query.size + k + 1;
        const unknownAge = [s, d].filter((x) => !x.birth).map((x) => labelOf(sb, x));
        const reason =
          `MK 之和 ${mkText(p.mkSum)} = 父 ${mkText(sb.gen.mk[p.sire]!)} + 母 ${mkText(sb.gen.mk[p.dam]!)}(越低越优先);` +
          `后代 F ${mkText(p.offspringF)} ≤ 上限 ${mkText(maxF)}` +
          (generations > 0 ? `;${generations} 代内无共同祖先、互非祖先` : '') +
          (unknownAge.length ? `;${unknownAge.join('、')} 出生日期未知,未核对繁殖年龄` : '');
        return {
          rank,
          sireId: s.identity,
          damId: d.identity,
          sireLabel: labelOf(sb, s),
          damLabel: labelOf(sb, d),
          offspringF: round(p.offspringF),
          mkSum: round(p.mkSum),
          sireMk: round(sb.gen.mk[p.sire]!),
          damMk: round(sb.gen.mk[p.dam]!),
          reason,
        };
      }),
      pairs.length,
      query,
    );
  });

  route(app, ep.pedigree, async ({ db, query }) => {
    // The animal's species: the caller's own record, or (a reader's) any identity of a species it can open.
    const own = rowsOf<{ species_id: string }>(
      await db.execute(
        sql`select species_id::text from zoo_animal where (id = ${query.id}::bigint or identity_id = ${query.id}::bigint) and is_deleted = 0 limit 1`,
      ),
    );
    let speciesId = own[0]?.species_id;
    if (!speciesId) {
      const r = rowsOf<{ species_id: string }>(await db.execute(sql`select species_id::text from zoo_identity_facts(${query.id}::bigint)`));
      speciesId = r[0]?.species_id;
    }
    if (!speciesId) throw new BizError('个体不存在');
    const sb = await openStudbook(db, String(speciesId));
    const root = animalOf(sb, query.id);
    const gens = query.generations ?? 4;
    const nodes = new Map<string, { id: string; label: string; sex: number; alive: boolean; f: number; generation: number; kind: string }>();
    const edges: Array<{ from: string; to: string; role: string; weight: number }> = [];
    const add = (f: Fact, generation: number) => {
      if (!nodes.has(f.identity))
        nodes.set(f.identity, {
          id: f.identity,
          label: labelOf(sb, f),
          sex: f.sex,
          alive: f.alive,
          f: round(sb.gen.inb.f[idx(sb, f)]!),
          generation,
          kind: 'animal',
        });
    };
    add(root, 0);
    let front = [root];
    for (let g = 1; g <= gens && front.length; g++) {
      const next: Fact[] = [];
      for (const child of front)
        for (const [role, p] of [
          ['sire', child.sire],
          ['dam', child.dam],
        ] as const) {
          if (p.kind === 'animal' || p.kind === 'mult') {
            const list = p.kind === 'animal' ? [{ id: p.id, w: 1 }] : p.candidates.map((c) => ({ id: c.id, w: c.w ?? 1 / p.candidates.length }));
            const sum = list.reduce((s, c) => s + (c.w ?? 0), 0) || 1;
            for (const c of list) {
              const f = sb.byIdentity.get(c.id);
              if (!f) continue;
              if (!nodes.has(f.identity)) next.push(f);
              add(f, g);
              edges.push({ from: f.identity, to: child.identity, role: p.kind === 'mult' ? `${role}-mult` : role, weight: round((c.w ?? 0) / sum) });
            }
          } else {
            const id = `${child.identity}-${role}-${p.kind}`;
            nodes.set(id, { id, label: p.kind.toUpperCase(), sex: role === 'sire' ? 1 : 2, alive: false, f: 0, generation: g, kind: p.kind });
            edges.push({ from: id, to: child.identity, role, weight: 1 });
          }
        }
      front = next;
    }
    return { nodes: [...nodes.values()], edges };
  });

  route(app, ep.heatmap, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    const limit = query.limit ?? 30;
    const living = sb.facts
      .filter((f) => f.alive && visible(sb, f))
      .map((f) => idx(sb, f))
      .sort((a, b) => sb.gen.rank[a]! - sb.gen.rank[b]!)
      .slice(0, limit);
    const values = kinshipAmong(sb.gen, living).map((row) => row.map(round));
    return { ids: living.map((i) => sb.gen.ped.ids[i]!), labels: living.map((i) => labelOf(sb, at(sb, i))), values };
  });

  route(app, ep.animal, async ({ db, query }) => {
    const [rec] = await db
      .select({ id: zooAnimal.id, speciesId: zooAnimal.speciesId, identityId: zooAnimal.identityId })
      .from(zooAnimal)
      .where(and(eq(zooAnimal.id, query.id), eq(zooAnimal.isDeleted, 0)));
    if (!rec) throw new BizError('个体不存在');
    const sb = await openStudbook(db, rec.speciesId);
    const f = sb.byIdentity.get(rec.identityId ?? rec.id)!;
    return { animalId: f.identity, speciesId: rec.speciesId, ...figuresOf(sb, f), living: sb.gen.figures.living };
  });

  route(app, ep.snapshots, async ({ db, query }) => {
    const s = zooStudbookSnapshot;
    const rows = await db
      .select()
      .from(s)
      .where(and(eq(s.speciesId, query.speciesId), eq(s.isDeleted, 0)))
      .orderBy(desc(s.snapshotTime))
      .limit(400);
    return rows
      .sort((a, b) => a.snapshotTime.localeCompare(b.snapshotTime))
      .map((r) => ({
        snapshotTime: r.snapshotTime,
        living: r.living,
        founders: r.founders,
        gd: r.gd,
        fge: r.fge,
        meanF: r.meanF,
        meanMk: r.meanMk,
        source: r.source,
      }));
  });

  route(app, ep.snapshot, async ({ db, query }) => {
    const sb = await openStudbook(db, query.speciesId);
    if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以记录快照');
    const g = sb.gen.figures;
    await db.insert(zooStudbookSnapshot).values({
      speciesId: query.speciesId,
      living: g.living,
      founders: g.founders,
      gd: g.gd,
      fge: g.fge,
      meanF: g.meanF,
      meanMk: g.meanMk,
      source: 2,
    });
    return {};
  });

  route(app, ep.number, async ({ db, body }) => {
    const sb = await openStudbook(db, body.speciesId);
    if (!sb.reader) throw new BizError('只有平台或该物种的谱系管理员可以设置谱系号');
    const f = animalOf(sb, body.animalId);
    let [book] = await db
      .select({ id: zooStudbook.id })
      .from(zooStudbook)
      .where(and(eq(zooStudbook.speciesId, body.speciesId), eq(zooStudbook.scope, body.scope), eq(zooStudbook.isDeleted, 0)));
    if (!book) {
      const name = rowsOf<{ n: string }>(await db.execute(sql`select species_name as n from zoo_species where id = ${body.speciesId}::bigint`))[0]?.n ?? '';
      [book] = await db
        .insert(zooStudbook)
        .values({ speciesId: body.speciesId, scope: body.scope, studbookName: `${name}${body.scope === 1 ? '国家' : '国际'}谱系` })
        .returning({ id: zooStudbook.id });
    }
    const n = zooStudbookNo;
    const live = and(eq(n.studbookId, book!.id), eq(n.isDeleted, 0));
    if (body.studbookNo) {
      const [taken] = await db
        .select({ identityId: n.identityId })
        .from(n)
        .where(and(live, eq(n.studbookNo, body.studbookNo)));
      if (taken && taken.identityId !== f.identity) throw new BizError(`谱系号 ${body.studbookNo} 已被其他个体使用(谱系号不能重复使用)`);
      if (taken) return {};
    }
    // The old number is kept (deleted, not overwritten): SPARKS never reuses a number.
    await db
      .update(n)
      .set({ isDeleted: 1 })
      .where(and(live, eq(n.identityId, f.identity)));
    if (body.studbookNo) {
      const [used] = await db
        .select({ id: n.id })
        .from(n)
        .where(and(eq(n.studbookId, book!.id), eq(n.studbookNo, body.studbookNo), eq(n.isDeleted, 1)));
      if (used) throw new BizError(`谱系号 ${body.studbookNo} 曾被使用过,不能重复使用`);
      await db.insert(n).values({ studbookId: book!.id, identityId: f.identity, studbookNo: body.studbookNo });
    }
    return {};
  });

  route(app, ep.keepers, async ({ db, query }) => {
    const rows = rowsOf<{ tenant_id: string; tenant_name: string }>(
      await db.execute(sql`select k.keeper_tenant_id as tenant_id, coalesce(d.tenant_name, '') as tenant_name
        from zoo_studbook_keeper k left join zoo_directory() d on d.tenant_id = k.keeper_tenant_id
        where k.species_id = ${query.speciesId}::bigint and k.is_deleted = 0 order by k.keeper_tenant_id`),
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, tenantName: r.tenant_name }));
  });

  route(app, ep.setKeepers, async ({ db, body }) => {
    await assertSpecies(db, body.speciesId);
    const k = zooStudbookKeeper;
    const zoos = new Set(rowsOf<{ tenant_id: string }>(await db.execute(sql`select tenant_id from zoo_directory()`)).map((r) => r.tenant_id));
    const unknown = body.tenantIds.filter((id) => !zoos.has(id));
    if (unknown.length) throw new BizError(`动物园 ${unknown.join('、')} 不存在`);
    const current = await db
      .select()
      .from(k)
      .where(and(eq(k.speciesId, body.speciesId), eq(k.isDeleted, 0)));
    const wanted = new Set(body.tenantIds);
    for (const r of current) if (!wanted.has(r.keeperTenantId)) await db.update(k).set({ isDeleted: 1 }).where(eq(k.id, r.id));
    for (const id of wanted) if (!current.some((r) => r.keeperTenantId === id)) await db.insert(k).values({ keeperTenantId: id, speciesId: body.speciesId });
    return {};
  });

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
