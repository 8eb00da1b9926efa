import type { Tx } from '../db/client';

/**
 * One zoo as one file (decision 0053): the backup's shape — a tar with `manifest.json` listing every entry's size
 * and SHA-256 — holding `tables/<table>.ndjson`, `files/upload/<tenant>/…` (the zoo's folder of the built-in
 * storage) and `files/oss/<code>/upload/<tenant>/…` (the objects its rows link to in S3-compatible buckets).
 * Format 2 added the bucket objects; format 1 archives (built-in storage only) are still read.
 */
export const TENANT_FORMAT = 'zoo-tenant/2';
export const READABLE_FORMATS: readonly string[] = ['zoo-tenant/1', TENANT_FORMAT];

/** The built-in storage's name in the manifest; a bucket is `oss:<its configuration's code>`. */
export const LOCAL = 'local';

/** A store the zoo's objects came from, and the base of the links that point into it. */
export interface StoreOrigin {
  store: string;
  domain: string;
}

/** An object a row links to that its store did not have at export time (or, a store no longer in use, did not answer). */
export interface MissingObject {
  store: string;
  key: string;
  /** The store (disabled or deleted configuration) did not answer: the object may still be there. */
  unreachable?: true;
}

export interface TenantManifest {
  format: string;
  createdAt: string;
  tenantId: string;
  tenantName: string;
  /** Each table's stored columns and row count: the import refuses a schema that differs. */
  tables: Array<{ name: string; columns: string[]; rows: number }>;
  /** Every file of the archive; the `files/…` ones say which store they came from. */
  entries: Array<{ path: string; size: number; sha256: string; store?: string }>;
  /** Format 2: the stores the zoo's rows link to. */
  stores?: StoreOrigin[];
  /** Format 2: objects linked to but absent from their store when exported. */
  missing?: MissingObject[];
}

export class TenantArchiveError extends Error {}

/** Where the work runs: its own transaction, or (embedded database, one connection) the caller's request's. */
export type InTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The settings the object part needs (the server's config has them): the built-in storage and the egress rule. */
export interface StorageSettings {
  uploadDir: string;
  allowPrivateEndpoints: string;
}
