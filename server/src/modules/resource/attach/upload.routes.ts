import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ossEndpoints, type UploadResult } from '@zoo/contract';
import { BizError } from '../../../platform/http/errors';
import { readUpload, type Upload } from '../../../platform/http/multipart';
import { publicRoute, route, type AuthedCall } from '../../../platform/http/route';
import { pickConfig } from '../config-rows';
import { OSS_TABLE } from '../oss/oss.routes';
import { bladeAttach, type bladeOss } from '../resource.tables';
import { contentDisposition, sniffUpload, SniffError, storedType, type Sniffed } from '../sniff';
import { localStore, withStore } from '../storage/stores';
import { keyTenant, newObjectKey } from '../storage/object-key';
import { StorageError } from '../storage/object-store';

/** Avatars: JPG or PNG, at most 500 KB (spec §5 and §9). */
export const AVATAR_MAX_BYTES = 500 * 1024;

type OssRow = typeof bladeOss.$inferSelect;
type Query = { code?: string; type?: 'avatar' };

/**
 * put-file and put-file-attach (multipart field `file`). The file is read and its bytes sniffed before the
 * request transaction opens; then it is stored in the enabled OSS configuration (or the one `code` names,
 * or the local disk when none is enabled). `type=avatar` narrows the rules to JPG/PNG up to 500 KB.
 */
export function uploadRoutes(app: FastifyInstance): void {
  const received = new WeakMap<FastifyRequest, { file: Upload; sniffed: Sniffed }>();

  const before = async (req: FastifyRequest) => {
    const avatar = (req.query as Query).type === 'avatar';
    const file = await readUpload(req, avatar ? AVATAR_MAX_BYTES : app.zoo.config.uploadMaxBytes, 'file', avatar ? '头像图片' : '文件');
    try {
      received.set(req, { file, sniffed: await sniffUpload(file.buffer, file.filename, avatar) });
    } catch (e) {
      if (e instanceof SniffError) throw new BizError(e.message);
      throw e;
    }
  };

  const store = async (call: AuthedCall<Query, unknown>, attach: boolean): Promise<UploadResult> => {
    const { file, sniffed } = received.get(call.req)!;
    const config = await pickConfig<OssRow>(call.db, OSS_TABLE, call.query.code);
    const key = newObjectKey(call.session.tenantId, sniffed.ext);
    return withStore(app, config, async (s) => {
      const originalName = file.filename.slice(0, 500);
      let attachId: string | undefined;
      // The row first: if storing fails, the transaction rolls it back and nothing is left behind.
      if (attach) {
        const [row] = await call.db
          .insert(bladeAttach)
          .values({
            link: `${s.domain}/${key}`,
            domain: s.domain,
            name: key,
            originalName,
            extension: sniffed.ext,
            attachSize: file.buffer.length,
            ossId: config?.id ?? null,
          })
          .returning({ id: bladeAttach.id });
        attachId = row!.id;
      }
      try {
        await s.put(key, file.buffer, sniffed.mime);
      } catch (e) {
        if (e instanceof StorageError) {
          call.req.log.warn({ detail: e.detail }, 'object store refused or unreachable');
          throw new BizError(e.message);
        }
        throw e;
      }
      return { link: `${s.domain}/${key}`, domain: s.domain, name: key, originalName, ...(attachId ? { attachId } : {}) };
    });
  };

  route(app, ossEndpoints.putFile, (call) => store(call, false), { before });
  route(app, ossEndpoints.putFileAttach, (call) => store(call, true), { before });

  publicRoute(app, ossEndpoints.file, async ({ req, reply }) => {
    const key = (req.params as { '*': string })['*'];
    // Uploads only: the store also holds partition archives (every tenant's rows), downloaded by platform users alone.
    const found = keyTenant(key) ? await localStore(app).read(key) : null;
    if (!found) throw new BizError('文件不存在', 404);
    const ext = key.slice(key.lastIndexOf('.') + 1);
    const t = storedType(ext);
    reply
      .type(t.mime)
      .header('content-length', found.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', contentDisposition(key))
      // Whatever a stored object is, opened on its own it runs nothing and reaches nothing of the app's origin.
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
    return found.stream;
  });
}
