interface Kind {
  mime: string;
  /** Extensions a file of this kind may carry in its original name. */
  names: string[];
  /**
   * Shown inline by the browser (raster images); everything else downloads. PDF is not inline: a PDF may carry
   * JavaScript and forms, and served from the app's origin it would run next to the signed-in session.
   */
  inline?: boolean;
}

/** What may be uploaded, by the type the bytes reveal (file-type's ext), never by the name or the header. */
const ALLOWED: Record<string, Kind> = {
  jpg: { mime: 'image/jpeg', names: ['jpg', 'jpeg', 'jpe', 'jfif'], inline: true },
  png: { mime: 'image/png', names: ['png'], inline: true },
  gif: { mime: 'image/gif', names: ['gif'], inline: true },
  webp: { mime: 'image/webp', names: ['webp'], inline: true },
  bmp: { mime: 'image/bmp', names: ['bmp'], inline: true },
  pdf: { mime: 'application/pdf', names: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', names: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', names: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', names: ['pptx'] },
  // Legacy Office files are OLE compound files; the name tells which one.
  doc: { mime: 'application/msword', names: ['doc'] },
  xls: { mime: 'application/vnd.ms-excel', names: ['xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', names: ['ppt'] },
  zip: { mime: 'application/zip', names: ['zip'] },
  mp4: { mime: 'video/mp4', names: ['mp4', 'm4v'] },
  mp3: { mime: 'audio/mpeg', names: ['mp3'] },
  // No magic number: accepted only as valid UTF-8 text without control bytes, and only under these names.
  txt: { mime: 'text/plain; charset=utf-8', names: ['txt', 'log'] },
  csv: { mime: 'text/csv; charset=utf-8', names: ['csv'] },
};
const AVATAR = new Set(['jpg', 'png']);
const NAME_TO_KIND = new Map(Object.entries(ALLOWED).flatMap(([k, v]) => v.names.map((n) => [n, k] as const)));

export interface Sniffed {
  ext: string;
  mime: string;
}

export class SniffError extends Error {}

const extOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

function isText(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  // Control bytes other than tab, line feed, form feed and carriage return mark binary content.
  return !buf.some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f);
}

/**
 * The real type of an upload from its bytes, checked against the allow-list (avatars: JPG/PNG only). A file
 * whose name claims another known type than its content is refused as disguised.
 */
export async function sniffUpload(buf: Buffer, originalName: string, avatar: boolean): Promise<Sniffed> {
  const named = extOf(originalName);
  const { fileTypeFromBuffer } = await import('file-type'); // loaded at the first upload, not at start
  const detected = await fileTypeFromBuffer(buf);
  let kind: string | undefined;
  if (!detected) kind = isText(buf) && (named === 'txt' || named === 'log' || named === 'csv') ? NAME_TO_KIND.get(named) : undefined;
  else if (detected.ext === 'cfb') kind = ['doc', 'xls', 'ppt'].includes(named) ? named : undefined;
  else kind = ALLOWED[detected.ext] ? detected.ext : undefined;

  if (avatar && (!kind || !AVATAR.has(kind))) throw new SniffError('头像只能是 JPG 或 PNG 格式的图片');
  if (!kind) throw new SniffError(`不支持的文件类型${detected ? ` (${detected.ext})` : ''}`);
  const claimed = NAME_TO_KIND.get(named);
  if (claimed && claimed !== kind) throw new SniffError(`文件内容与扩展名不符: 文件名为 .${named},内容为 ${kind}`);
  return { ext: kind, mime: ALLOWED[kind]!.mime };
}

/** Response type of a stored object, by its (sniffed) extension. */
export function storedType(ext: string): { mime: string; inline: boolean } {
  const k = ALLOWED[ext];
  return k ? { mime: k.mime, inline: Boolean(k.inline) } : { mime: 'application/octet-stream', inline: false };
}

/**
 * How a stored object opens when fetched on its own: raster images inline, everything else (PDF, office files,
 * archives…) as a download, so nothing a user uploaded renders as a document of the storage's origin. The local
 * file route sends it; S3-compatible stores keep it on the object (PutObject) for their direct links.
 */
export function contentDisposition(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return storedType(name.slice(name.lastIndexOf('.') + 1)).inline ? 'inline' : `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;
}
