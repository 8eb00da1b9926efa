import { dbQuery } from './browser';

/** The zoo's day: the server's sessions run in TIME_ZONE (default Asia/Shanghai), the tests' connection in UTC. */
export const TODAY = `(now() at time zone 'Asia/Shanghai')::date`;

/**
 * The demo zoo's round as a fresh day shows it: specs share one database and more than one logs today's round
 * (the keeper-log and offline-round specs), so each starts from no log, feeding or diet plan of today's making.
 */
export async function clearTodaysRound(): Promise<void> {
  await dbQuery(`update zoo_basic_log set is_deleted = 1 where tenant_id = '100000' and log_date = ${TODAY} and is_deleted = 0`);
  await dbQuery(`update zoo_feeding set is_deleted = 1 where tenant_id = '100000' and feed_date = ${TODAY} and is_deleted = 0`);
  await dbQuery(`update zoo_diet_plan set is_deleted = 1 where tenant_id = '100000' and is_deleted = 0`);
}
