import { z } from 'zod';
import { DateTimeIn } from '../common';
import { endpoint } from '../endpoint';
import { reqId } from '../fields';

/**
 * Cage temperature and humidity: sensors post readings with the cage's device key (generated, shown once,
 * revocable); the history chart compares them with the comfort band of the species the cage holds.
 */
export const HUMITURE_RANGES = ['day', 'week', 'month'] as const;
export const DEVICE_KEY_HEADER = 'Device-Key';

const cageQuery = z.object({ cageId: reqId('笼舍') });

export const Reading = z.object({
  /** When measured (device clock, zoo time zone); the server's time when missing. */
  time: DateTimeIn.optional(),
  temperature: z.number({ error: '温度必须是数字' }).min(-60, '温度超出范围(-60~80℃)').max(80, '温度超出范围(-60~80℃)'),
  humidity: z.number({ error: '湿度必须是数字' }).min(0, '湿度超出范围(0~100%)').max(100, '湿度超出范围(0~100%)'),
});

const NumOrBlank = z.union([z.number(), z.literal('')]);
export const HumitureBucket = z.object({
  time: z.string(),
  tempMin: z.number(),
  tempMax: z.number(),
  tempMean: z.number(),
  humidityMin: z.number(),
  humidityMax: z.number(),
  humidityMean: z.number(),
  count: z.number(),
  /** A reading of the bucket left the comfort band. */
  breach: z.boolean(),
});

export const humitureEndpoints = {
  device: endpoint({
    method: 'GET',
    path: '/zoo-cage/humiture/device',
    summary: '笼舍传感器密钥 (只显示编号与状态)',
    access: { perm: 'cage_humiture' },
    query: cageQuery,
    data: z.array(z.object({ keyId: z.string(), createTime: z.string(), revokeTime: z.string(), live: z.boolean(), lastReading: z.string() })),
  }),
  generate: endpoint({
    method: 'POST',
    path: '/zoo-cage/humiture/device/generate',
    summary: '生成笼舍传感器密钥 (仅此一次显示, 旧密钥同时吊销)',
    access: { perm: 'cage_humiture' },
    query: cageQuery,
    data: z.object({ keyId: z.string(), key: z.string() }),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/zoo-cage/humiture/device/revoke',
    summary: '吊销笼舍传感器密钥',
    access: { perm: 'cage_humiture' },
    query: cageQuery,
    data: z.object({}).loose(),
  }),
  ingest: endpoint({
    method: 'POST',
    path: '/zoo-cage/humiture/ingest',
    summary: '传感器上报温湿度 (请求头 Device-Key)',
    access: 'public',
    body: z.object({ readings: z.array(Reading, { error: '缺少读数 readings' }).min(1, '缺少读数 readings').max(5000, '一次最多上报5000条读数') }),
    data: z.object({ accepted: z.number() }),
  }),
  history: endpoint({
    method: 'GET',
    path: '/zoo-cage/humiture/history',
    summary: '笼舍温湿度历史 (日/周/月), 含适宜范围与超限',
    access: 'login',
    query: cageQuery.extend({ range: z.enum(HUMITURE_RANGES, { error: '范围应为 day、week 或 month' }).default('day') }),
    data: z.object({
      cageId: z.string(),
      cageName: z.string(),
      speciesNames: z.array(z.string()),
      comfort: z.object({ tempMin: NumOrBlank, tempMax: NumOrBlank, humidityMin: NumOrBlank, humidityMax: NumOrBlank }),
      from: z.string(),
      to: z.string(),
      buckets: z.array(HumitureBucket),
      summary: z.object({
        count: z.number(),
        breaches: z.number(),
        tempMin: NumOrBlank,
        tempMax: NumOrBlank,
        tempMean: NumOrBlank,
        humidityMin: NumOrBlank,
        humidityMax: NumOrBlank,
        humidityMean: NumOrBlank,
      }),
    }),
  }),
};
