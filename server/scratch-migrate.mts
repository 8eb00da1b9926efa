import { openPostgres, runMigrations } from '/work/main/server/src/db/client';
const db = await openPostgres(process.argv[2]!, 2, 'Asia/Shanghai');
await runMigrations(db);
await db.close();
