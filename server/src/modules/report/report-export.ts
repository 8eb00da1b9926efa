import { existsSync } from 'node:fs';
import { newWorkbook } from '../../platform/excel';
import { BizError } from '../../platform/http/errors';
import { localLabel } from '../../platform/i18n/request-language';
import type { ReportRows } from './report-query';

/** A report's rows as one worksheet: the column labels, then the rows exactly as the preview shows them. */
export async function reportXlsx(title: string, rows: ReportRows): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'report');
  // Column labels in the request's language (decision 0049); cells are already named in it (dictionary labels).
  ws.columns = rows.columns.map((c) => {
    const header = localLabel(c.zh, c.en);
    const chars = header === c.zh ? c.zh.length * 2 + 4 : header.length + 2; // a CJK character is two wide
    return { header, key: c.key, width: Math.max(10, Math.min(40, chars)) };
  });
  ws.getRow(1).font = { bold: true };
  for (const r of rows.records) ws.addRow(Object.fromEntries(rows.columns.map((c) => [c.key, r[c.key]])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A CJK font for PDF text: `REPORT_PDF_FONT` (a .ttf/.otf/.ttc, with `REPORT_PDF_FONT_NAME` naming the face of a
 * collection), else Debian's fonts-noto-cjk. PDFKit embeds only the glyphs a document uses (a subset).
 */
function cjkFont(): { path: string; family?: string } {
  const own = process.env.REPORT_PDF_FONT;
  if (own && existsSync(own)) return { path: own, family: process.env.REPORT_PDF_FONT_NAME || undefined };
  const noto = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  if (existsSync(noto)) return { path: noto, family: 'NotoSansCJKsc-Regular' };
  throw new BizError('服务器未安装中文字体,无法导出 PDF(请安装 fonts-noto-cjk 或设置 REPORT_PDF_FONT)', 500);
}

const MARGIN = 36;
const ROW_H = 18;

/** A report as a paged PDF table: title, run time and row count, a repeated header row per page. */
export async function reportPdf(title: string, subtitle: string, rows: ReportRows): Promise<Buffer> {
  const font = cjkFont();
  // PDFKit (with its font engine) is loaded at the first PDF, not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const wide = rows.columns.length > 6;
  const doc = new PDFDocument({ size: 'A4', layout: wide ? 'landscape' : 'portrait', margin: MARGIN, info: { Title: title } });
  doc.registerFont('cjk', font.path, font.family);
  doc.font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const colW = width / Math.max(1, rows.columns.length);
  const numeric = rows.columns.map((c) => c.type === 'int' || c.type === 'number');
  const cell = (text: string, i: number, y: number) =>
    doc.text(text, MARGIN + i * colW + 3, y + 4, {
      width: colW - 6,
      height: ROW_H - 4,
      lineBreak: false,
      ellipsis: true,
      align: numeric[i] ? 'right' : 'left',
    });
  const header = (y: number) => {
    doc.rect(MARGIN, y, width, ROW_H).fillAndStroke('#eef2f7', '#999999');
    doc.fillColor('#000000').fontSize(9);
    rows.columns.forEach((c, i) => cell(localLabel(c.zh, c.en), i, y));
    return y + ROW_H;
  };

  doc.fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.3).fontSize(9).fillColor('#555555').text(subtitle, { align: 'center' });
  let y = header(doc.y + 8);
  for (const r of rows.records) {
    if (y + ROW_H > doc.page.height - MARGIN) {
      doc.addPage();
      y = header(MARGIN);
    }
    doc.rect(MARGIN, y, width, ROW_H).stroke('#cccccc');
    doc.fillColor('#000000').fontSize(9);
    rows.columns.forEach((c, i) => cell(String(r[c.key] ?? ''), i, y));
    y += ROW_H;
  }
  doc.end();
  return done;
}
