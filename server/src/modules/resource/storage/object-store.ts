import type { Readable } from 'node:stream';

/** Where uploaded objects live. Keys are `upload/<tenant>/<yyyyMMdd>/<uuid>.<ext>` (see object-key.ts). */
export interface ObjectStore {
  /** Base of the public links: link = `${domain}/${key}`. */
  readonly domain: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file read as a stream (a partition archive: memory stays bounded whatever its size). The caller
   * keeps and removes the file.
   */
  putFile(key: string, file: LocalFile, contentType: string): Promise<void>;
  /** Removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Releases connections (S3 clients). */
  close?(): void;
}

/** A file on this server's disk, with what its writer measured on the way: byte size and SHA-256 (hex). */
export interface LocalFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * A store the server can read objects back from: the local store (which serves uploads itself) and S3-compatible
 * stores (for partition archives; their uploads go out by the bucket's own links). null for a missing object.
 */
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
