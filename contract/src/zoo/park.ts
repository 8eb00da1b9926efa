import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { optInt, optText, reqText } from '../fields';
import { ZooTreeNode } from './zoo-common';

export const park = defineCrud({
  name: 'park',
  base: '/blade-zoo/park',
  title: '园区',
  record: z.object({
    ...TenantRecord,
    parkName: z.string().meta({ title: '园区名称' }),
    address: z.string().meta({ title: '地址' }),
    linkman: z.string().meta({ title: '联系人' }),
    contactNumber: z.string().meta({ title: '联系电话' }),
    sort: z.number(),
    remark: z.string(),
    venueCount: z.number(),
  }),
  input: z.object({
    id: Id.optional(),
    parkName: reqText('园区名称', 100),
    address: optText('地址', 255),
    linkman: optText('联系人', 50),
    contactNumber: optText('联系电话', 30),
    sort: optInt('排序', 0, 100000),
    remark: optText('备注', 500),
  }),
  filters: z.object({ parkName: z.string().optional(), address: z.string().optional() }),
});

export const ParkOption = z.object({ id: z.string(), parkName: z.string(), tenantId: z.string() });

export const parkEndpoints = {
  select: endpoint({
    method: 'GET',
    path: '/blade-zoo/park/select',
    summary: '园区下拉 (平台管理员可传 tenantId 查看指定动物园)',
    access: 'login',
    query: z.object({ tenantId: z.string().optional() }),
    data: z.array(ParkOption),
  }),
  tree: endpoint({
    method: 'GET',
    path: '/blade-zoo/park/tree',
    summary: '园区树',
    access: 'login',
    data: z.array(ZooTreeNode),
  }),
  treeVenue: endpoint({
    method: 'GET',
    path: '/blade-zoo/park/tree/venue',
    summary: '园区-场馆树 (withCage=true 时含笼舍)',
    access: 'login',
    query: z.object({ withCage: z.enum(['true', 'false']).optional() }),
    data: z.array(ZooTreeNode),
  }),
};
