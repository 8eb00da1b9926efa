import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)

/** What the browser sends for a password: lowercase md5 hex of the plain text (contract §2.5). */
export const md5Hex = (plain: string) => createHash('md5').update(plain, 'utf8').digest('hex');

/** Stored form: argon2id over the client's md5 digest. */
export const hashDigest = (digest: string) => hash(digest.toLowerCase(), { algorithm: ARGON2ID as never });
export const hashPlain = (plain: string) => hashDigest(md5Hex(plain));
export const verifyDigest = (stored: string, digest: string) => verify(stored, digest.toLowerCase()).catch(() => false);
