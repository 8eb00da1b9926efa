import { z } from 'zod';
import { DateFilterIn, IdOut } from '../common';
import { defineReadonly } from '../resource';

/** Columns every log table shares (contract §4 blade_log_*). */
const common = {
  id: IdOut,
  tenantId: z.string(),
  serviceId: z.string().meta({ title: '服务ID' }),
  serverHost: z.string().meta({ title: '服务器名' }),
  serverIp: z.string().meta({ title: '服务器IP' }),
  env: z.string().meta({ title: '环境' }),
  method: z.string().meta({ title: '请求方法' }),
  requestUri: z.string().meta({ title: '请求接口' }),
  userAgent: z.string().meta({ title: '用户代理' }),
  remoteIp: z.string().meta({ title: '客户端IP' }),
  methodClass: z.string(),
  methodName: z.string(),
  params: z.string().meta({ title: '请求参数' }),
  createBy: z.string().meta({ title: '操作人' }),
  createUser: z.string(),
  createTime: z.string().meta({ title: '时间' }),
};

/** Every log list: the request columns plus the date range of spec §9 (createTime_dategt / _datelt). */
const commonFilters = {
  serviceId: z.string().optional(),
  requestUri: z.string().optional(),
  method: z.string().optional(),
  remoteIp: z.string().optional(),
  createBy: z.string().optional(),
  createTime: z.string().optional(),
  createTime_dategt: DateFilterIn,
  createTime_datelt: DateFilterIn,
  createTime_datege: DateFilterIn,
  createTime_datele: DateFilterIn,
  tenantId_equal: z.string().optional(),
};

/** Logs are rows of the caller's tenant; the platform administrator reads every tenant's. */
export const logApi = defineReadonly({
  name: 'log_api',
  base: '/blade-log/api',
  title: '接口日志',
  crossTenant: true,
  record: z.object({
    ...common,
    /** 1 success, 2 refused (4xx), 3 server error (5xx). */
    type: z.string().meta({ title: '结果' }),
    title: z.string().meta({ title: '接口名称' }),
    /** Time taken in ms. */
    time: z.string().meta({ title: '耗时(ms)' }),
  }),
  filters: z.object({ ...commonFilters, title: z.string().optional(), type_equal: z.string().optional() }),
});

export const logError = defineReadonly({
  name: 'log_error',
  base: '/blade-log/error',
  title: '错误日志',
  crossTenant: true,
  record: z.object({
    ...common,
    stackTrace: z.string().meta({ title: '堆栈' }),
    exceptionName: z.string().meta({ title: '异常名' }),
    message: z.string().meta({ title: '异常消息' }),
    lineNumber: z.string().meta({ title: '行号' }),
    fileName: z.string().meta({ title: '文件名' }),
  }),
  filters: z.object({ ...commonFilters, exceptionName: z.string().optional(), message: z.string().optional() }),
});

export const logUsual = defineReadonly({
  name: 'log_usual',
  base: '/blade-log/usual',
  title: '通用日志',
  crossTenant: true,
  record: z.object({
    ...common,
    logLevel: z.string().meta({ title: '日志级别' }),
    logId: z.string().meta({ title: '日志业务ID' }),
    logData: z.string().meta({ title: '日志数据' }),
  }),
  filters: z.object({
    ...commonFilters,
    logLevel: z.string().optional(),
    logLevel_equal: z.string().optional(),
    logId: z.string().optional(),
    logData: z.string().optional(),
  }),
});
