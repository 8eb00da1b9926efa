/** Child process of data-dir-lock.test.ts: opens the embedded database in argv[2], says so, then waits to be killed. */
import { openPglite } from '../src/db/client';

const database = await openPglite(process.argv[2]!, 'Asia/Shanghai');
await database.db.execute('select 1' as never);
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
