import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { zooAnimal } from '../zoo.tables';

type AnimalRow = typeof zooAnimal.$inferSelect;
const a = zooAnimal;

/** Whether `candidate` descends from `ancestor` (UNION stops on loops already in the data). */
export async function isDescendant(db: Tx, ancestor: string, candidate: string): Promise<boolean> {
  const res = (await db.execute(sql`
    with recursive d(id) as (
      select id from zoo_animal where (sire_id = ${ancestor} or dam_id = ${ancestor}) and is_deleted = 0
      union
      select c.id from zoo_animal c join d on c.sire_id = d.id or c.dam_id = d.id where c.is_deleted = 0
    )
    select 1 as hit from d where id = ${candidate} limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

interface Parent {
  role: '父本' | '母本';
  sex: 1 | 2;
}
const SIRE: Parent = { role: '父本', sex: 1 };
const DAM: Parent = { role: '母本', sex: 2 };

async function checkParent(db: Tx, p: Parent, parentId: string, child: { id?: string; speciesId: string }): Promise<void> {
  if (child.id && parentId === child.id) throw new BizError(`${p.role}不能是个体自身`);
  const [parent] = await db.select().from(a).where(and(eq(a.id, parentId), eq(a.isDeleted, 0)));
  if (!parent) throw new BizError(`${p.role}个体不存在`);
  if (parent.sex !== p.sex) throw new BizError(`${p.role}必须是${p.sex === 1 ? '雄性' : '雌性'}个体,「${parent.localNo}」的性别不符`);
  if (parent.speciesId !== child.speciesId) throw new BizError(`${p.role}必须与个体属于同一物种`);
  if (child.id && (await isDescendant(db, child.id, parentId)))
    throw new BizError(`${p.role}「${parent.localNo}」是该个体的后代,不能设为其${p.role}(系谱不能成环)`);
}

/**
 * Pedigree rules (domain.md §3.2, §3.5): a sire is a male and a dam a female of the same species, never the
 * animal itself or one of its descendants; an animal already recorded as a parent keeps its sex and species.
 */
export async function checkPedigree(
  db: Tx,
  v: { speciesId: string; sex: number; sireId?: string | null; damId?: string | null },
  existing?: AnimalRow,
): Promise<void> {
  const child = { id: existing?.id, speciesId: v.speciesId };
  if (v.sireId) await checkParent(db, SIRE, v.sireId, child);
  if (v.damId) await checkParent(db, DAM, v.damId, child);
  if (!existing) return;
  const [offspring] = await db
    .select({ sireId: a.sireId, damId: a.damId, localNo: a.localNo })
    .from(a)
    .where(and(eq(a.isDeleted, 0), or(eq(a.sireId, existing.id), eq(a.damId, existing.id))))
    .limit(1);
  if (!offspring) return;
  if (v.speciesId !== existing.speciesId) throw new BizError('该个体已登记有后代,不能修改物种');
  const asSire = offspring.sireId === existing.id;
  if (v.sex !== (asSire ? 1 : 2))
    throw new BizError(`该个体已登记为「${offspring.localNo}」的${asSire ? '父本,性别只能为雄性' : '母本,性别只能为雌性'}`);
}
