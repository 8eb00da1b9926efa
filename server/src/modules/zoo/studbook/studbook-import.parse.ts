/**
 * Reading a studbook file (decision 0037): an xlsx, or a CSV such as the PMx pedigree file our export writes.
 * Columns are found by header (Chinese or PMx English, order free, extra columns such as F and MK ignored);
 * every row is checked on its own and either parsed or refused with its reason, never thrown.
 */
import { STUDBOOK_NO_RE, type ImportIssue } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { cellText, MAX_IMPORT_ROWS, newWorkbook } from '../../../platform/excel';

export type ParentRef = { kind: 'unk' | 'wild' } | { kind: 'ref'; id: string };

export interface StudbookRow {
  row: number;
  /** The row's key: a studbook number, or an identity as our export writes when an animal has no number. */
  id: string;
  sex: 1 | 2 | 3;
  /** `yyyy-MM-dd` or null when unknown. */
  birth: string | null;
  sire: ParentRef;
  dam: ParentRef;
  location: string;
  alive: boolean;
}

type Key = 'id' | 'sex' | 'birth' | 'sire' | 'dam' | 'location' | 'alive';
/** Header names per column: ours in Chinese, and the PMx pedigree file's (with the spellings PMx users meet). */
const HEADERS: Record<Key, string[]> = {
  id: ['谱系号', 'uniqueid', 'unique id', 'studbook id', 'studbookid', 'id'],
  sex: ['性别', 'sex'],
  birth: ['出生日期', 'birthdate', 'birth date', 'bdate', 'birth'],
  sire: ['父本', 'sire'],
  dam: ['母本', 'dam'],
  location: ['所在单位', '持有单位', 'location'],
  alive: ['存活', '是否存活', 'alive', 'status'],
};
const REQUIRED: Key[] = ['id', 'sex', 'sire', 'dam'];
const LABEL: Record<Key, string> = { id: '谱系号', sex: '性别', birth: '出生日期', sire: '父本', dam: '母本', location: '所在单位', alive: '存活' };
const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** An identity as the export writes it (an animal without a studbook number): a bigint id. */
const IDENTITY_RE = /^[1-9]\d{0,18}$/;

const isZip = (buf: Buffer) => buf.length > 3 && buf[0] === 0x50 && buf[1] === 0x4b;

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF); a tab-separated file is read when its header has tabs only. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = firstLine.includes(',') || !firstLine.includes('\t') ? ',' : '\t';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new BizError('CSV 文件格式不正确:引号未闭合');
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.map((r) => r.map((v) => v.trim()));
}

async function xlsxGrid(buf: Buffer): Promise<string[][]> {
  const wb = await newWorkbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new BizError('请上传正确的 Excel 文件(.xlsx)或 CSV 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BizError('Excel 文件中没有工作表');
  const grid: string[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const out: string[] = [];
    ws.getRow(r).eachCell({ includeEmpty: true }, (cell, col) => (out[col - 1] = cellText(cell.value)));
    grid.push(Array.from(out, (v) => v ?? ''));
  }
  return grid;
}

/** The file as a grid of text: xlsx by its zip signature, anything else as UTF-8 CSV. */
export async function readGrid(buf: Buffer): Promise<string[][]> {
  if (isZip(buf)) return xlsxGrid(buf);
  if (buf.length > CSV_MAX_BYTES) throw new BizError('CSV 文件大小不能超过 10MB');
  const text = buf.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw new BizError('CSV 文件须为 UTF-8 文本');
  return parseCsv(text);
}

const SEX: Record<string, 1 | 2 | 3> = {
  m: 1,
  male: 1,
  '1': 1,
  雄: 1,
  雄性: 1,
  f: 2,
  female: 2,
  '2': 2,
  雌: 2,
  雌性: 2,
  u: 3,
  unknown: 3,
  '3': 3,
  未知: 3,
  '': 3,
};
const ALIVE: Record<string, boolean> = { '1': true, y: true, yes: true, true: true, alive: true, 是: true, 存活: true, 在养: true };
const DEAD: Record<string, boolean> = { '0': true, n: true, no: true, false: true, dead: true, 否: true, 死亡: true };

function dateOf(v: string): string | null | undefined {
  if (!v) return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function parentOf(v: string): ParentRef | string {
  const u = v.toUpperCase();
  if (u === '' || u === 'UNK' || u === '0' || u === '未知') return { kind: 'unk' };
  if (u === 'WILD' || u === '野生') return { kind: 'wild' };
  // A MULT parent needs its candidates (PMx keeps them in a separate table); a pedigree row cannot carry them.
  if (u === 'MULT') return '为 MULT,但文件没有列出候选个体:请改为 UNK,导入后在个体档案中填写 MULT 候选';
  return STUDBOOK_NO_RE.test(v) || IDENTITY_RE.test(v) ? { kind: 'ref', id: v } : `“${v}”不是谱系号,也不是 UNK / WILD / MULT`;
}

/** Header → column positions; a missing required column refuses the whole file (400). */
function columnsOf(header: string[]): Map<Key, number> {
  const at = new Map<Key, number>();
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    for (const [key, names] of Object.entries(HEADERS) as Array<[Key, string[]]>) if (!at.has(key) && names.includes(name)) at.set(key, i);
  });
  const missing = REQUIRED.filter((k) => !at.has(k)).map((k) => `${LABEL[k]}(${HEADERS[k][1]})`);
  if (missing.length) throw new BizError(`导入文件缺少列: ${missing.join('、')}`);
  return at;
}

/** Parses every data row: the rows to take, and the rows refused with their reasons. */
export function parseStudbook(grid: string[][]): { total: number; rows: StudbookRow[]; rejected: ImportIssue[] } {
  if (!grid.length) throw new BizError('导入文件为空');
  const at = columnsOf(grid[0]!);
  const data = grid
    .slice(1)
    .map((cells, k) => ({ row: k + 2, cells }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (data.length > MAX_IMPORT_ROWS) throw new BizError(`导入数据过多,单次最多 ${MAX_IMPORT_ROWS} 行`);
  const rows: StudbookRow[] = [];
  const rejected: ImportIssue[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of data) {
    const v = (k: Key) => (at.has(k) ? (cells[at.get(k)!] ?? '').trim() : '');
    const refuse = (reason: string) => rejected.push({ row, reason });
    const id = v('id');
    const sex = SEX[v('sex').toLowerCase()];
    const birth = dateOf(v('birth'));
    const sire = parentOf(v('sire'));
    const dam = parentOf(v('dam'));
    const aliveText = v('alive').toLowerCase();
    if (!id) refuse('谱系号为空');
    else if (!STUDBOOK_NO_RE.test(id) && !IDENTITY_RE.test(id)) refuse(`谱系号“${id}”格式不正确:须为不以0开头的正整数,临时谱系号以 T 开头`);
    else if (seen.has(id)) refuse(`谱系号 ${id} 在文件中重复`);
    else if (sex === undefined) refuse(`性别“${v('sex')}”无法识别:应为 M / F / U(雄 / 雌 / 未知)`);
    else if (birth === undefined) refuse(`出生日期“${v('birth')}”不是有效日期(格式 yyyy-MM-dd)`);
    else if (typeof sire === 'string') refuse(`父本${sire}`);
    else if (typeof dam === 'string') refuse(`母本${dam}`);
    else if (sire.kind === 'ref' && sire.id === id) refuse('父本不能是个体自身');
    else if (dam.kind === 'ref' && dam.id === id) refuse('母本不能是个体自身');
    else if (aliveText && !ALIVE[aliveText] && !DEAD[aliveText]) refuse(`存活“${v('alive')}”无法识别:应为 1 / 0(存活 / 死亡)`);
    else {
      seen.add(id);
      rows.push({ row, id, sex, birth, sire, dam, location: v('location').slice(0, 100), alive: Boolean(ALIVE[aliveText]) });
    }
  }
  return { total: data.length, rows, rejected };
}
