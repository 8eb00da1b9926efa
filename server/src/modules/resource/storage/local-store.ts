import fs from 'node:fs';
import path from 'node:path';
import { isArchiveKey, keyTenant } from './object-key';
import type { LocalFile, ReadableStore } from './object-store';

export const LOCAL_DOMAIN = '/api/blade-resource/oss/endpoint/file';

/**
 * The built-in storage: files under UPLOAD_DIR (default DATA_DIR/uploads), served back by
 * GET /api/blade-resource/oss/endpoint/file/<key>. Only well-formed keys map to paths, so no request can
 * reach outside the directory. Several server instances need this directory shared (or an S3 configuration).
 */
export class LocalStore implements ReadableStore {
  readonly domain = LOCAL_DOMAIN;
  constructor(private readonly root: string) {}

  /** Well-formed upload and archive keys only: nothing else maps to a path. */
  private static known = (key: string) => keyTenant(key) !== null || isArchiveKey(key);

  private file(key: string): string {
    if (!LocalStore.known(key)) throw new Error(`bad object key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const f = this.file(key);
    await fs.promises.mkdir(path.dirname(f), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${f}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, body);
    await fs.promises.rename(tmp, f);
  }

  /** Copied (the kernel's copy, no buffer of the file here) under a temporary name, then renamed, like `put`. */
  async putFile(key: string, file: LocalFile): Promise<void> {
    const f = this.file(key);
    await fs.promises.mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.tmp`;
    try {
      await fs.promises.copyFile(file.path, tmp);
      await fs.promises.rename(tmp, f);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async read(key: string) {
    if (!LocalStore.known(key)) return null;
    const f = this.file(key);
    try {
      const st = await fs.promises.stat(f);
      if (!st.isFile()) return null;
      return { stream: fs.createReadStream(f), size: st.size };
    } catch {
      return null;
    }
  }
}
