import type { Readable } from 'node:stream';

/** Where uploaded objects live. Keys are `upload/<tenant>/<yyyyMMdd>/<uuid>.<ext>` (see object-key.ts). */
export interface ObjectStore {
  /** Base of the public links: link = `${domain}/${key}`. */
  readonly domain: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Releases connections (S3 clients). */
  close?(): void;
}

/** Only the local store serves objects itself; S3-compatible stores hand out their own links. */
export interface ReadableStore extends ObjectStore {
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/** A storage failure the user can act on (wrong keys, unreachable endpoint). */
export class StorageError extends Error {
  constructor(
    message: string,
    /** What the store or the network said: for the server log only. */
    readonly detail?: string,
  ) {
    super(message);
  }
}
