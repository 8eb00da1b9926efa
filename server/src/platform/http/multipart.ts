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

/** Reads the one file of field `field` into memory, refusing anything larger than `maxBytes`. */
export async function readUpload(req: FastifyRequest, maxBytes: number, field = 'file', what = '文件'): Promise<Upload> {
  if (!req.isMultipart()) throw new BizError(`请以 multipart/form-data 方式上传文件 (字段 ${field})`);
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== field) throw new BizError(`请选择要上传的文件 (字段 ${field})`);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(`${what}大小不能超过 ${formatBytes(maxBytes)}`);
    throw e;
  }
  if (buffer.length === 0) throw new BizError(`上传的${what}为空`);
  return { buffer, filename: part.filename, mimetype: part.mimetype };
}
