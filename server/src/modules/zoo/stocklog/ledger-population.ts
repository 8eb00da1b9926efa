import type { LicenceState, MovementType } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { licenceRefusal } from '../shared/licence';
import { cageRefusal, particulars, type Mfu, type Particulars } from './ledger';
import { ledgerFunction } from './ledger-function';

/* A population's stock movements: each is one call of a ledger function in PostgreSQL (migration 0027). */

/**
 * A population's movement is one call of a ledger function (migration 0027): it checks, locks, changes the counts
 * and writes the ledger row in PostgreSQL, so the movement is one statement — with the opening and COMMIT in one
 * message when `final`. Refused, it changes nothing and returns what the refusal is worded from here.
 */
const PARTICULARS = ['eventDate', 'typeKey', 'counterpart', 'price', 'backDate', 'permitNo', 'reason', 'images', 'remark'] as const;

interface InFacts {
  log_id: string | null;
  sp_name: string | null;
  lic_no: string | null;
  lic_from: string | null;
  lic_to: string | null;
  lic_state: LicenceState | null;
  cage_code: string | null;
}
const callIn = ledgerFunction<InFacts>('stock_population_in', ['kind', 'speciesId', 'cageId', 'q', ...PARTICULARS, 'transferId']);

/**
 * Adds heads to the species' population in the cage (created when missing; concurrent first arrivals meet on the
 * live unique index). Accessions need the species in the zoo's licence scope, in force, and a cage of this zoo;
 * the licence's refusal comes first.
 */
export async function populationIn(db: Tx, kind: MovementType, speciesId: string, cageId: string, q: Mfu, x: Particulars, final = false): Promise<string> {
  const r = await callIn(db, { kind, speciesId, cageId, q, ...particulars(x) }, final);
  if (r.log_id !== null) return String(r.log_id);
  const licence = r.lic_state === null ? undefined : { licenceNo: r.lic_no ?? '', validFrom: r.lic_from, validTo: r.lic_to, state: r.lic_state };
  throw new BizError(licenceRefusal(r.sp_name === null ? undefined : { name: r.sp_name }, licence) ?? cageRefusal());
}

interface OutFacts {
  log_id: string | null;
  from_code: string | null;
  to_code: string | null;
  held: boolean;
  have: Mfu | null;
  pending: Mfu | null;
}
const callOut = ledgerFunction<OutFacts>('stock_population_out', ['kind', 'speciesId', 'cageId', 'toCageId', 'q', ...PARTICULARS]);

/**
 * Takes heads from the species' population in the cage (export, death, deregistration), or moves them to another
 * cage of the zoo (the target population is created when missing; both rows locked in id order, so two moves
 * crossing between the same cages never deadlock). Heads promised to pending transfers are not free to take.
 */
export async function populationOut(
  db: Tx,
  kind: 'export' | 'die' | 'cancel' | 'move',
  speciesId: string,
  cageId: string,
  q: Mfu,
  x: Particulars,
  toCageId?: string,
  final = false,
): Promise<string> {
  const r = await callOut(db, { kind, speciesId, cageId, toCageId: toCageId ?? null, q, ...particulars(x) }, final);
  if (r.log_id !== null) return String(r.log_id);
  if (r.from_code === null) throw new BizError(cageRefusal());
  if (r.to_code === null && toCageId) throw new BizError(cageRefusal('迁入笼舍'));
  if (!r.held) throw new BizError(`笼舍「${r.from_code}」没有该物种的种群存栏`);
  refuseOverdraw(r.have!.map(Number) as Mfu, q, r.from_code, r.pending!.map(Number) as Mfu);
  throw new Error('stock_population_out changed nothing and gave no reason');
}

const SEX_LABELS = ['雄性', '雌性', '性别不明'];
/** `have` = the whole stock, `pending` = heads of it promised to pending transfers (not free to take). */
export function refuseOverdraw(have: Mfu, want: Mfu, cageCode: string, pending: Mfu = [0, 0, 0]): void {
  for (let i = 0; i < 3; i++) {
    if (want[i]! <= have[i]! - pending[i]!) continue;
    if (want[i]! <= have[i]!)
      throw new BizError(`笼舍「${cageCode}」该种群${SEX_LABELS[i]}存栏 ${have[i]} 只,其中 ${pending[i]} 只待转移确认,不能减少 ${want[i]} 只`);
    throw new BizError(`笼舍「${cageCode}」该种群${SEX_LABELS[i]}存栏 ${have[i]} 只,不能减少 ${want[i]} 只`);
  }
}
