import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The last migration of the frozen database: every later migration is applied to it by the test. */
export const FIXTURE_SCHEMA = '0035_permits';
/** Stock-ledger movements sent through the API on top of the demo seed. */
export const MOVEMENTS = 1000;
export const fixtureFile = path.join(path.dirname(fileURLToPath(import.meta.url)), `live-${FIXTURE_SCHEMA.slice(0, 4)}.dump`);
