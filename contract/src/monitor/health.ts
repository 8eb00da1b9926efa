import { z } from 'zod';
import { endpoint } from '../endpoint';
import { NumOut } from '../fields';

/** One hot standby as this instance sees it (docs/decisions/0055-read-replicas.md). */
export const ReplicaHealth = z.object({
  /** host:port/database, without credentials. */
  name: z.string(),
  /** up: serves read-only calls; lagging: further behind than REPLICA_MAX_LAG_MS; down: does not answer. */
  state: z.enum(['up', 'lagging', 'down']),
  /** How far behind the primary its data may be, in ms ("" while down or unknown). */
  lagMs: NumOut,
  /** WAL bytes the primary had written beyond its replay position at the last poll ("" while down or unknown). */
  lagBytes: NumOut,
  /** Where it had replayed to at its last answer ("" before one). */
  replayLsn: z.string(),
  error: z.string().optional(),
});
export type ReplicaHealth = z.infer<typeof ReplicaHealth>;

export const Health = z.object({
  /** The primary answered a statement just now. */
  database: z.enum(['postgres', 'pglite']),
  /** Standbys named by DATABASE_READ_URL; empty without. */
  replicas: z.array(ReplicaHealth),
});
export type Health = z.infer<typeof Health>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: '服务健康状态 (数据库与只读副本)',
    access: 'public',
    data: Health,
  }),
};
