import { z } from 'zod';
import { Id, TenantRecord } from '../common';
import { defineCrud } from '../resource';
import { endpoint } from '../endpoint';
import { NumOut, optId, optInt, optNumber, optText, phoneIn, reqId, reqText } from '../fields';
import { ZooTreeNode } from './zoo-common';

export const venue = defineCrud({
  name: 'venue',
  base: '/blade-zoo/venue',
  title: '场馆',
  record: z.object({
    ...TenantRecord,
    parkId: z.string(),
    parkName: z.string(),
    venueName: z.string().meta({ title: '场馆名称' }),
    area: NumOut.meta({ title: '面积(m²)' }),
    sort: z.number(),
    remark: z.string(),
    cageCount: z.number(),
  }),
  input: z.object({
    id: Id.optional(),
    parkId: reqId('园区'),
    venueName: reqText('场馆名称', 100),
    area: optNumber('面积', 0, 100_000_000),
    sort: optInt('排序', 0, 100000),
    remark: optText('备注', 500),
  }),
  filters: z.object({ parkId: z.string().optional(), venueName: z.string().optional() }),
});

export const venueEndpoints = {
  tree: endpoint({
    method: 'GET',
    path: '/blade-zoo/venue/tree',
    summary: '场馆树 (按园区)',
    access: 'login',
    query: z.object({ parkId: optId('园区') }),
    data: z.array(ZooTreeNode),
  }),
};

export const venueContacts = defineCrud({
  name: 'venue_contacts',
  base: '/blade-zoo/venueContacts',
  title: '场馆联系人',
  record: z.object({
    ...TenantRecord,
    venueId: z.string(),
    venueName: z.string(),
    contactName: z.string().meta({ title: '姓名' }),
    phone: z.string().meta({ title: '手机号码' }),
    position: z.string().meta({ title: '职务' }),
    sort: z.number(),
    remark: z.string(),
  }),
  input: z.object({
    id: Id.optional(),
    venueId: reqId('场馆'),
    contactName: reqText('联系人姓名', 50),
    phone: phoneIn,
    position: optText('职务', 50),
    sort: optInt('排序', 0, 100000),
    remark: optText('备注', 500),
  }),
  filters: z.object({ venueId: z.string().optional(), contactName: z.string().optional(), phone: z.string().optional() }),
  // The venue menu's "联系人" button governs contacts.
  perms: { add: 'venue_contacts', edit: 'venue_contacts', delete: 'venue_contacts', view: 'venue_contacts' },
});
