import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, dictInt, optId, optInt, optNumber, optText, reqId, reqText } from '../fields';

export const CAGE_TYPES = [1, 2, 3, 4, 5, 6, 7] as const; // dict cage_type

/** Camera streams are often RTSP/RTMP as well as HTTP(S) (HLS, FLV, WebRTC signalling). */
export const isStreamUrl = (s: string) => {
  try {
    const u = new URL(s);
    return ['http:', 'https:', 'rtsp:', 'rtmp:', 'ws:', 'wss:'].includes(u.protocol) && Boolean(u.hostname);
  } catch {
    return false;
  }
};

export const cage = defineCrud({
  name: 'cage',
  base: '/zoo-cage/cage',
  title: '笼舍',
  record: z.object({
    ...TenantRecord,
    venueId: z.string(),
    venueName: z.string(),
    parkId: z.string(),
    parkName: z.string(),
    cageCode: z.string().meta({ title: '笼舍编号' }),
    cageName: z.string().meta({ title: '笼舍名称' }),
    cageType: z.number().meta({ title: '笼舍类型' }),
    area: NumOut.meta({ title: '面积(m²)' }),
    capacity: NumOut.meta({ title: '容量' }),
    cameraUrl: z.string().meta({ title: '监控视频地址' }),
    sort: z.number(),
    remark: z.string(),
    animalCount: z.number(),
    populationQuantity: z.number(),
    /** Environment alarms of the cage still outside the comfort band. */
    openAlarms: z.number(),
  }),
  input: z.object({
    id: Id.optional(),
    venueId: reqId('场馆'),
    cageCode: reqText('笼舍编号', 50).refine((s) => /^[A-Za-z0-9_-]+$/.test(s), '笼舍编号只能包含字母、数字、下划线和连字符'),
    cageName: reqText('笼舍名称', 100),
    cageType: dictInt('笼舍类型', CAGE_TYPES).default(1),
    area: optNumber('面积', 0, 10_000_000),
    capacity: optInt('容量', 0, 1_000_000),
    cameraUrl: z.preprocess(
      (v) => (v === null ? '' : v),
      z
        .string()
        .trim()
        .max(1000, '监控视频地址不能超过1000个字符')
        .refine((s) => s === '' || isStreamUrl(s), '监控视频地址不是有效的URL (支持 http、https、rtsp、rtmp、ws、wss)')
        .optional(),
    ),
    sort: optInt('排序', 0, 100000),
    remark: optText('备注', 500),
  }),
  filters: z.object({
    venueId: z.string().optional(),
    cageCode: z.string().optional(),
    cageName: z.string().optional(),
    cageType: z.string().optional(),
  }),
  /** Cages of a park: resolved through the venue (cages carry no park column). */
  params: z.object({ parkId: optId('园区') }),
});

export const CageOption = z.object({ id: z.string(), cageCode: z.string(), cageName: z.string(), venueId: z.string(), venueName: z.string() });

export const cageEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/zoo-cage/cage/select',
    summary: '笼舍下拉',
    access: 'login',
    query: z.object({ venueId: optId('场馆'), parkId: optId('园区') }),
    data: z.array(CageOption),
  }),
  species: endpoint({
    method: 'GET',
    path: '/zoo-cage/cage/species',
    summary: '存放某物种 (在养个体或种群) 的笼舍',
    access: 'login',
    query: z.object({ speciesId: reqId('物种') }),
    data: z.array(CageOption),
  }),
};

export const cageBreeder = defineCrud({
  name: 'cage_breeder',
  base: '/zoo-cage/cageBreeder',
  title: '笼舍饲养员',
  record: z.object({
    ...TenantRecord,
    cageId: z.string(),
    cageCode: z.string(),
    cageName: z.string(),
    userId: z.string(),
    account: z.string(),
    realName: z.string(),
    remark: z.string(),
  }),
  input: z.object({ id: Id.optional(), cageId: reqId('笼舍'), userId: reqId('饲养员'), remark: optText('备注', 500) }),
  filters: z.object({ cageId: z.string().optional(), userId: z.string().optional() }),
  perms: { add: 'cage_breeder', edit: 'cage_breeder', delete: 'cage_breeder', view: 'cage_breeder' },
});
