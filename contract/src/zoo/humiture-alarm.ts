import { z } from 'zod';
import { IdList, TenantRecord } from '../common';
import { endpoint } from '../endpoint';
import { NumOut } from '../fields';
import { defineReadonly } from '../resource';

/** 1 temperature, 2 humidity. */
export const HUMITURE_ALARM_KINDS = [1, 2] as const;
/** List filter `state`: still out of the band, not yet acknowledged, back inside the band. */
export const HUMITURE_ALARM_STATES = ['open', 'unack', 'closed'] as const;

/**
 * 环境告警: raised by the ingestion of a reading outside the comfort band of the species a cage holds, closed by
 * later readings back inside it by the dead-band margin (decisions 0024, 0029). Read-only: only acknowledging
 * changes a row.
 */
export const humitureAlarm = defineReadonly({
  name: 'humiture_alarm',
  base: '/zoo-cage/humiture/alarm',
  title: '环境告警',
  perm: 'humiture_alarm',
  record: z.object({
    ...TenantRecord,
    cageId: z.string(),
    cageCode: z.string().meta({ title: '笼舍编号' }),
    cageName: z.string().meta({ title: '笼舍名称' }),
    kind: z.number().meta({ title: '告警类型' }),
    value: z.number().meta({ title: '触发读数' }),
    peak: z.number().meta({ title: '最大偏离读数' }),
    rangeMin: NumOut.meta({ title: '适宜下限' }),
    rangeMax: NumOut.meta({ title: '适宜上限' }),
    startTime: z.string().meta({ title: '开始时间' }),
    endTime: z.string().meta({ title: '结束时间' }),
    open: z.boolean(),
    ackUser: z.string(),
    ackUserName: z.string().meta({ title: '确认人' }),
    ackTime: z.string().meta({ title: '确认时间' }),
    /** The caller was notified of it as a keeper of the cage and has not acknowledged it yet. */
    notifiedToMe: z.boolean(),
  }),
  filters: z.object({
    cageId_equal: z.string().optional(),
    kind_equal: z.string().optional(),
    startTime_datege: z.string().optional(),
    startTime_datele: z.string().optional(),
  }),
  params: z.object({
    state: z.enum(HUMITURE_ALARM_STATES).optional(),
    /** '1': only alarms notified to the caller (a keeper of the cage when it was raised); '0' or none: all. */
    mine: z.enum(['0', '1']).optional(),
  }),
});

export const humitureAlarmEndpoints = {
  /** Acknowledged alarms stay listed (and open until back in the band); acknowledging again is a no-op. */
  ack: endpoint({
    method: 'POST',
    path: '/zoo-cage/humiture/alarm/ack',
    summary: '确认环境告警',
    access: { perm: 'humiture_alarm_ack' },
    query: z.object({ ids: IdList }),
    data: z.object({ acknowledged: z.number() }),
  }),
  /** Figures for the home page and the menu badge. */
  count: endpoint({
    method: 'GET',
    path: '/zoo-cage/humiture/alarm/count',
    summary: '环境告警数 (未结束、未确认、通知我的未确认)',
    access: 'login',
    data: z.object({ open: z.number(), unacknowledged: z.number(), mine: z.number() }),
  }),
};
