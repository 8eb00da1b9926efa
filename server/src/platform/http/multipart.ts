import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { BizError } from './errors';

/** The most any single uploaded part may be; routes ask for less (see `readUpload`). */
const HARD_FILE_LIMIT = 200 * 1024 * 1024;

/**
 * Registers @fastify/multipart once for the whole app (uploads of files, imports, flow deployments). Safe to
 * call again: a second call finds the parser and does nothing.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, { limits: { fileSize: HARD_FILE_LIMIT, files: 20, fields: 50, parts: 100 } });
}

export interface Upload {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(n / 1024))}KB`);

export const MALFORMED_UPLOAD = '上传内容格式不正确,请重新选择文件上传';

/** The multipart parser's refusals of a malformed body (no boundary, cut-off parts, bad headers) are the caller's. */
function uploadError(e: unknown, what: string, maxBytes: number): Error {
  const code = (e as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new BizError(`${what}大小不能超过 ${formatBytes(maxBytes)}`);
  if (e instanceof BizError) return e;
  const status = (e as { statusCode?: number }).statusCode;
  if (status === 413) return new BizError(`${what}大小不能超过 ${formatBytes(maxBytes)}`, 413);
  return new BizError(MALFORMED_UPLOAD);
}

/** Reads the one file of field `field` into memory, refusing anything larger than `maxBytes`. */
export async function readUpload(req: FastifyRequest, maxBytes: number, field = 'file', what = '文件'): Promise<Upload> {
  if (!req.isMultipart()) throw new BizError(`请以 multipart/form-data 方式上传文件 (字段 ${field})`);
  let buffer: Buffer;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== field) throw new BizError(`请选择要上传的文件 (字段 ${field})`);
    buffer = await part.toBuffer();
  } catch (e) {
    throw uploadError(e, what, maxBytes);
  }
  if (buffer.length === 0) throw new BizError(`上传的${what}为空`);
  // A file name is stored and shown: U+0000 (which PostgreSQL text cannot hold) and other controls are refused.
  if (/\p{Cc}/u.test(part.filename)) throw new BizError('文件名包含非法字符');
  return { buffer, filename: part.filename, mimetype: part.mimetype };
}
