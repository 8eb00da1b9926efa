import type { Tx } from '../db/client';
import { zooStockLog } from '../modules/zoo/stocklog/stocklog.tables';
import { sexVector, type Mfu } from '../modules/zoo/stocklog/ledger';

/**
 * A year of the demo zoo's stock movements, ending exactly at the seeded stock: every record opens with a census
 * entry a year ago, then births, imports, exports, deaths, deregistrations and moves happen month by month. The
 * openings are computed backwards from today's counts, so replaying the ledger gives the registry's stock.
 */

type Kind = 'born' | 'import' | 'export' | 'die' | 'cancel';
/** [month after the opening (1..11), day, kind, M, F, U, type key, counterpart, remark] */
type PopEvent = [number, number, Kind, number, number, number, string, string, string];

const POP_EVENTS: Record<string, PopEvent[]> = {
  猕猴群: [
    [2, 8, 'born', 2, 1, 0, '1', '', '春季产仔'],
    [3, 14, 'born', 1, 1, 0, '1', '', ''],
    [4, 2, 'die', 1, 0, 0, '2', '', '老年个体,呼吸道感染'],
    [6, 20, 'export', 2, 1, 0, '1', '示范市野生动物救护中心', '种群调剂'],
    [8, 11, 'cancel', 0, 0, 1, '4', '', '夜间逃逸,搜寻未果'],
    [10, 5, 'born', 0, 0, 2, '1', '', ''],
  ],
  梅花鹿群: [
    [1, 18, 'import', 1, 0, 0, '1', '北京动物园', '引进种公鹿,更新血缘'],
    [5, 3, 'born', 1, 2, 0, '1', '', '产仔季'],
    [5, 27, 'born', 0, 1, 2, '1', '', ''],
    [7, 9, 'die', 0, 1, 0, '3', '', '应激外伤'],
    [9, 15, 'export', 1, 0, 0, '2', '某生态园', '出售多余雄鹿'],
  ],
  褐马鸡繁育群: [
    [4, 22, 'born', 1, 2, 0, '2', '', '人工孵化'],
    [7, 1, 'die', 0, 1, 0, '5', '', '雏鸟夭折'],
  ],
  白冠长尾雉群: [
    [3, 30, 'import', 0, 2, 0, '4', '示范省珍稀雉类保护站', '受赠雌鸟'],
    [8, 19, 'die', 1, 0, 0, '1', '', ''],
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A date `months` after a year ago, on `day` (clamped to the 28th and to yesterday: the demo's history ends there). */
function dateAt(months: number, day: number): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + months, Math.min(day, 28), 9, 30));
  const yesterday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 9, 30));
  const t = d > yesterday ? yesterday : d;
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:00`;
}

interface DemoPopulation {
  id: string;
  speciesId: string;
  cageId: string;
  name: string;
  final: Mfu;
}
interface DemoIndividual {
  id: string;
  speciesId: string;
  sex: number;
  cageId: string | null;
  status: number;
  localNo: string;
}

export async function seedDemoLedger(tx: Tx, populations: DemoPopulation[], animals: DemoIndividual[], cageByCode: Map<string, string>): Promise<void> {
  const rows: Array<typeof zooStockLog.$inferInsert> = [];
  const at = (d: string) => ({ eventDate: d, createTime: d });

  for (const p of populations) {
    const events = POP_EVENTS[p.name] ?? [];
    // Opening = today's counts minus the year's net change.
    const opening = [...p.final] as Mfu;
    for (const [, , kind, m, f, u] of events) {
      const s = kind === 'born' || kind === 'import' ? -1 : 1;
      opening[0] += s * m;
      opening[1] += s * f;
      opening[2] += s * u;
    }
    let cur = opening;
    rows.push({
      movementType: 'census',
      animalType: 2,
      speciesId: p.speciesId,
      toPopulationId: p.id,
      toCageId: p.cageId,
      maleQuantity: cur[0],
      femaleQuantity: cur[1],
      theyQuantity: cur[2],
      toBefore: [0, 0, 0],
      toAfter: cur,
      remark: '年度盘点期初',
      ...at(dateAt(0, 1)),
    });
    for (const [month, day, kind, m, f, u, typeKey, counterpart, remark] of events) {
      const q: Mfu = [m, f, u];
      const gain = kind === 'born' || kind === 'import';
      const next = cur.map((v, i) => v + (gain ? 1 : -1) * q[i]!) as Mfu;
      if (next.some((v) => v < 0)) throw new Error(`demo ledger of ${p.name} goes negative`);
      const side = gain
        ? { toPopulationId: p.id, toCageId: p.cageId, toBefore: cur, toAfter: next }
        : { populationId: p.id, fromCageId: p.cageId, fromBefore: cur, fromAfter: next };
      rows.push({
        movementType: kind,
        animalType: 2,
        speciesId: p.speciesId,
        ...side,
        maleQuantity: m,
        femaleQuantity: f,
        theyQuantity: u,
        typeKey,
        counterpart,
        remark,
        ...at(dateAt(month, day)),
      });
      cur = next;
    }
  }

  const moves: Record<string, Array<[number, number, string, string]>> = {
    // [month, day, from cage, to cage]: a quarantine stay and back, a transfer to the new enclosure.
    T005: [
      [3, 10, 'CT-01', 'CT-02'],
      [4, 2, 'CT-02', 'CT-01'],
    ],
    C004: [
      [6, 6, 'BD-01', 'BD-02'],
      [6, 25, 'BD-02', 'BD-01'],
    ],
  };
  for (const a of animals) {
    const v = sexVector(a.sex);
    const opening = a.localNo === 'P000' || a.localNo === 'T006' ? 1 : a.status;
    const firstCage = moves[a.localNo]?.[0]?.[2];
    const cage = firstCage ? cageByCode.get(firstCage)! : a.cageId;
    rows.push({
      movementType: 'census',
      animalType: 1,
      speciesId: a.speciesId,
      animalId: a.id,
      toCageId: cage,
      ...(opening === 1 ? { maleQuantity: v[0], femaleQuantity: v[1], theyQuantity: v[2] } : {}),
      toBefore: [0, 0, 0],
      toAfter: opening === 1 ? v : [0, 0, 0],
      statusBefore: 0,
      statusAfter: opening,
      remark: '年度盘点期初',
      ...at(dateAt(0, 1)),
    });
    for (const [month, day, from, to] of moves[a.localNo] ?? [])
      rows.push({
        movementType: 'move',
        animalType: 1,
        speciesId: a.speciesId,
        animalId: a.id,
        fromCageId: cageByCode.get(from)!,
        toCageId: cageByCode.get(to)!,
        maleQuantity: v[0],
        femaleQuantity: v[1],
        theyQuantity: v[2],
        fromBefore: v,
        fromAfter: [0, 0, 0],
        toBefore: [0, 0, 0],
        toAfter: v,
        statusBefore: 1,
        statusAfter: 1,
        remark: month === 3 || month === 6 ? '临时隔离观察' : '回原舍',
        ...at(dateAt(month, day)),
      });
    if (a.localNo === 'P000')
      rows.push({
        movementType: 'die',
        animalType: 1,
        speciesId: a.speciesId,
        animalId: a.id,
        fromCageId: a.cageId,
        maleQuantity: v[0],
        femaleQuantity: v[1],
        theyQuantity: v[2],
        fromBefore: v,
        fromAfter: [0, 0, 0],
        statusBefore: 1,
        statusAfter: 3,
        typeKey: '1',
        reason: '高龄,多器官功能衰竭',
        remark: '',
        ...at(dateAt(2, 16)),
      });
    if (a.localNo === 'T006')
      rows.push({
        movementType: 'export',
        animalType: 1,
        speciesId: a.speciesId,
        animalId: a.id,
        fromCageId: a.cageId,
        maleQuantity: v[0],
        femaleQuantity: v[1],
        theyQuantity: v[2],
        fromBefore: v,
        fromAfter: [0, 0, 0],
        statusBefore: 1,
        statusAfter: 2,
        typeKey: '5',
        counterpart: '哈尔滨东北虎林园',
        permitNo: '林护许准[2025]117号',
        remark: '繁殖借用',
        backDate: null,
        ...at(dateAt(5, 12)),
      });
  }
  // Rows are appended in event order, so ids follow the dates as live movements would.
  rows.sort((x, y) => String(x.eventDate).localeCompare(String(y.eventDate)));
  for (let i = 0; i < rows.length; i += 200) await tx.insert(zooStockLog).values(rows.slice(i, i + 200));
}
