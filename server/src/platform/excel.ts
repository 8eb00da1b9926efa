// exceljs is loaded at the first import/export, not at start (it is most of a second of a cold start).
import type * as ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BizError } from './http/errors';
import { readUpload } from './http/multipart';
import { currentLanguage, localLabel } from './i18n/request-language';

/**
 * One spreadsheet column: the header text users see (Chinese, and `en` for an English request — decision 0049)
 * and the key the code reads.
 */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  en?: string;
  width?: number;
}

/** A sheet or file name in both languages, or one text for both. */
export type SheetName = string | { zh: string; en: string };
/** The name in the request's language. */
export const sheetName = (n: SheetName): string => (typeof n === 'string' ? n : localLabel(n.zh, n.en));

export interface SheetRow<K extends string> {
  /** Spreadsheet row number (the header is row 1), for error reports. */
  row: number;
  values: Record<K, string>;
}

export const MAX_IMPORT_ROWS = 20_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pad = (n: number) => String(n).padStart(2, '0');

/** Excel stores wall-clock dates as UTC; render them as the `yyyy-MM-dd HH:mm:ss` they were typed as. */
const formatDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** A cell as the text a user sees (dates as `yyyy-MM-dd HH:mm:ss`, formulas by their result). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text).trim();
    return '';
  }
  return String(v).trim();
}

const SHEET_MAX_BYTES = 10 * 1024 * 1024;

/** A new workbook, exceljs loaded on first use. */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

/** The spreadsheet of an import request (multipart field `file`, as Saber sends it). */
export async function readSheetUpload(req: FastifyRequest): Promise<Buffer> {
  return (await readUpload(req, SHEET_MAX_BYTES, 'file', 'Excel 文件')).buffer;
}

/**
 * The first worksheet as rows keyed by `columns`, matched by header text (order free, extra columns ignored).
 * Blank rows are skipped; a missing column or a file that is not xlsx is a 400 with the reason.
 */
export async function readSheet<K extends string>(buf: Buffer, columns: readonly SheetColumn<K>[], required: readonly K[]): Promise<SheetRow<K>[]> {
  const wb = await newWorkbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new BizError('请上传正确的 Excel 文件(.xlsx)');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BizError('Excel 文件中没有工作表');
  // Either language's header: a template downloaded from the English screen imports like the Chinese one.
  const byHeader = new Map(columns.flatMap((c) => [[c.header, c.key] as const, ...(c.en ? [[c.en, c.key] as const] : [])]));
  const at = new Map<number, K>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(cellText(cell.value));
    if (key) at.set(col, key);
  });
  const found = new Set(at.values());
  const missing = columns.filter((c) => required.includes(c.key) && !found.has(c.key)).map((c) => localLabel(c.header, c.en));
  if (missing.length) throw new BizError(`导入文件缺少列: ${missing.join(currentLanguage() === 'en' ? ', ' : '、')}`);
  if (ws.rowCount - 1 > MAX_IMPORT_ROWS) throw new BizError(`导入数据过多,单次最多 ${MAX_IMPORT_ROWS} 行`);
  const rows: SheetRow<K>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const values = Object.fromEntries(columns.map((c) => [c.key, ''])) as Record<K, string>;
    let blank = true;
    ws.getRow(r).eachCell((cell, col) => {
      const key = at.get(col);
      if (!key) return;
      values[key] = cellText(cell.value);
      if (values[key]) blank = false;
    });
    if (!blank) rows.push({ row: r, values });
  }
  return rows;
}

/**
 * A one-sheet workbook with a bold header in the request's language; every value is written as text (codes keep
 * leading zeros).
 */
export async function writeSheet<K extends string>(
  name: SheetName,
  columns: readonly SheetColumn<K>[],
  rows: ReadonlyArray<Partial<Record<K, string | number | null>>>,
): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(sheetName(name));
  ws.columns = columns.map((c) => ({ header: localLabel(c.header, c.en), key: c.key, width: c.width ?? 16, style: { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, r[c.key] === null || r[c.key] === undefined ? '' : String(r[c.key])])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends an xlsx download (UTF-8 file name per RFC 5987, ASCII fallback) named in the request's language. */
export function sendXlsx(reply: FastifyReply, name: SheetName, buf: Buffer): Buffer {
  const fileName = sheetName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  reply.header('content-type', XLSX);
  reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  return buf;
}
