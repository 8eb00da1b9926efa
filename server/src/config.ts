import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './platform/http/egress';

const bool = (def: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: '应为 on/off' })
    .default(def)
    .transform((v) => v === 'on' || v === 'true' || v === '1');

const Env = z.object({
  PORT: z.coerce.number({ error: '应为端口号' }).int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Hot standbys read-only calls may use (decision 0055): postgres:// URLs, comma-separated. */
  DATABASE_READ_URL: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, '应为以逗号分隔的 postgres:// 连接串'))),
  /** A standby further behind the primary than this is skipped (its reads go to the primary). */
  REPLICA_MAX_LAG_MS: z.coerce.number({ error: '应为毫秒数' }).int().min(100).max(10_000).default(5000),
  /** How often each instance asks the primary and every standby how far they are. */
  REPLICA_POLL_MS: z.coerce.number({ error: '应为毫秒数' }).int().min(50).max(60_000).default(500),
  LIST_COUNT: z.enum(['kept', 'exact'], { error: '应为 kept/exact' }).default('kept'),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Request statements named per connection on their second use (db/statement-names.ts); off behind PgBouncer in transaction pooling. */
  DB_PREPARE: bool('on'),
  JWT_SECRET: z
    .string()
    .min(32, '至少 32 个字符')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '应为 64 位十六进制 (32 字节 AES-256 密钥)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CAPTCHA_MODE: bool('on'),
  SEED_DEMO: bool('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z.string().default('Asia/Shanghai'),
  WEB_DIST: z.string().optional(),
  API_LOG: bool('on'),
  /** Encode every response through its contract and refuse any difference (platform/http/response-serializer.ts). */
  RESPONSE_CHECK: z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: '应为 on/off' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'on' || v === 'true' || v === '1')),
  LOG_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  LOG_BATCH_SIZE: z.coerce.number().int().min(1).max(2000).default(200),
  FLOW_TIMER_POLL_MS: z.coerce.number({ error: '应为毫秒数' }).int().min(50).max(3_600_000).default(5000),
  /** Origins a process's webhook service may call (decision 0050); none by default. */
  FLOW_WEBHOOK_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/?#\s*]+$/, '应为以逗号分隔的 http(s)://主机[:端口] 来源'))),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_MB: z.coerce.number().min(0.01).max(1024).default(20),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine((v) => /^(on|off|true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/.test(v), '应为 off、on、代理层数或代理地址列表 (IP/CIDR, 逗号分隔)'),
  ALLOW_PRIVATE_ENDPOINTS: z
    .string()
    .default('')
    .refine((v) => {
      try {
        parseAllowList(v);
        return true;
      } catch {
        return false;
      }
    }, '应为 IP 地址或 CIDR 列表,逗号分隔 (如 127.0.0.1,10.0.0.0/8)'),
  DATASOURCE_KEY: z
    .string()
    .min(16, '至少 16 个字符')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CODEGEN_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).max(1_000_000).default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应为 redis:// 或 rediss:// 连接串')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().min(1).max(1_000_000).default(60),
  FRAME_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/?#\s*]+$/, '应为以逗号分隔的 http(s)://主机[:端口] 来源'))),
  /** Origins of cage camera streams (HLS segments are fetched, MP4 played): CSP media-src and connect-src. */
  MEDIA_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/?#\s*]+$/, '应为以逗号分隔的 http(s)://主机[:端口] 来源'))),
});

/** Fastify's trustProxy: off by default — with it on, any client could choose its address by X-Forwarded-For. */
function trustProxy(v: string): boolean | number | string {
  if (v === 'off' || v === 'false') return false;
  if (v === 'on' || v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  /**
   * Direct (not pooled) connection for LISTEN: cache invalidations arrive on a session that must stay open,
   * which a transaction-pooling PgBouncer cannot give. Defaults to DATABASE_URL.
   */
  databaseListenUrl?: string;
  /** Hot standbys for read-only calls (DATABASE_READ_URL; decision 0055); empty: every call on the primary. */
  databaseReadUrls: string[];
  replicaMaxLagMs: number;
  replicaPollMs: number;
  /** 'exact' counts every list page with count(*) even where the list keeps counts (diagnosis, benchmarks). */
  listCount: 'kept' | 'exact';
  dataDir: string;
  dbPoolMax: number;
  /** Request statements prepared per pool connection (DB_PREPARE, default on; off behind a transaction pooler). */
  dbPrepare: boolean;
  jwtSecret?: string;
  /** AES-256-GCM key (hex) for secrets kept at rest (identity providers' client secrets); else one kept in sys_secret. */
  secretKey?: string;
  captchaMode: boolean;
  seedDemo: boolean;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  timeZone: string;
  webDist?: string;
  /** One API-log row per request, written in batches off the request path. */
  apiLog: boolean;
  /** Responses checked against their contract (default: under a test runner and `npm run dev`, NODE_ENV test/development). */
  responseCheck: boolean;
  logFlushMs: number;
  logBatchSize: number;
  /** How often each instance polls flow_timer for due BPMN timers (decision 0026). */
  flowTimerPollMs: number;
  /** Origins the webhook service may call (FLOW_WEBHOOK_ORIGINS). */
  flowWebhookOrigins: string[];
  /** Local object storage root (default DATA_DIR/uploads). */
  uploadDir: string;
  uploadMaxBytes: number;
  /** Which proxies may set the client address (X-Forwarded-For): false, true, a hop count or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Per client address and minute: token requests, captcha images (kept in the database, shared by instances). */
  /**
   * Loopback/private/link-local addresses OSS and SMS endpoints may reach anyway (IPs or CIDRs, comma-separated);
   * empty: public addresses only.
   */
  allowPrivateEndpoints: string;
  /**
   * Key material for the datasource passwords (AES-256-GCM, the key is its SHA-256). Unset: a key generated on
   * first start and kept in the database (decision 0028).
   */
  datasourceKey?: string;
  /** Where gen-code keeps a copy of each generated zip; unset: nothing is written to disk. */
  codegenDir?: string;
  rateLimitLogin: number;
  rateLimitCaptcha: number;
  /** Redis for the per-client limits (else they are counted in the database). */
  redisUrl?: string;
  /** Origins the /myiframe page may embed (CSP frame-src); none by default. */
  frameOrigins: string[];
  /** Origins the camera page may stream from (CSP media-src, connect-src); none by default. */
  mediaOrigins: string[];
};

export class ConfigError extends Error {}

/** Parses the environment once; every bad variable is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = Env.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误:\n${lines.join('\n')}`);
  }
  const e = r.data;
  // Standbys copy a PostgreSQL primary; the embedded database has none.
  if (e.DATABASE_READ_URL.length && !e.DATABASE_URL) throw new ConfigError('配置错误:\n  DATABASE_READ_URL: 只读副本需要 DATABASE_URL (嵌入式数据库没有副本)');
  // npm runs workspace scripts inside the package folder; relative paths mean the folder the user typed in.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URL,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    replicaPollMs: e.REPLICA_POLL_MS,
    listCount: e.LIST_COUNT,
    dataDir: path.resolve(base, e.DATA_DIR),
    dbPoolMax: e.DB_POOL_MAX,
    dbPrepare: e.DB_PREPARE,
    jwtSecret: e.JWT_SECRET,
    secretKey: e.SECRET_KEY,
    captchaMode: e.CAPTCHA_MODE,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : undefined,
    apiLog: e.API_LOG,
    // NODE_ENV describes the process, also when the variables come as an object (tests, benchmarks).
    responseCheck: e.RESPONSE_CHECK ?? ['test', 'development'].includes(env.NODE_ENV ?? process.env.NODE_ENV ?? ''),
    logFlushMs: e.LOG_FLUSH_MS,
    logBatchSize: e.LOG_BATCH_SIZE,
    flowTimerPollMs: e.FLOW_TIMER_POLL_MS,
    flowWebhookOrigins: e.FLOW_WEBHOOK_ORIGINS.map((o) => new URL(o).origin),
    uploadDir: e.UPLOAD_DIR ? path.resolve(base, e.UPLOAD_DIR) : path.join(path.resolve(base, e.DATA_DIR), 'uploads'),
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    trustProxy: trustProxy(e.TRUST_PROXY),
    allowPrivateEndpoints: e.ALLOW_PRIVATE_ENDPOINTS,
    datasourceKey: e.DATASOURCE_KEY,
    codegenDir: e.CODEGEN_DIR ? path.resolve(base, e.CODEGEN_DIR) : undefined,
    rateLimitLogin: e.RATE_LIMIT_LOGIN,
    rateLimitCaptcha: e.RATE_LIMIT_CAPTCHA,
    redisUrl: e.REDIS_URL,
    frameOrigins: e.FRAME_ORIGINS.map((o) => new URL(o).origin),
    mediaOrigins: e.MEDIA_ORIGINS.map((o) => new URL(o).origin),
  };
}
