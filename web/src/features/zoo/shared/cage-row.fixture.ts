import { wholeRow } from '../../../test/fetch-stub';

/** The seeded 大熊猫1号舍 as the cage list and detail answer it; tests override what they look at. */
export const cageRow = (over: Record<string, unknown> = {}) =>
  wholeRow('GET /api/zoo-cage/cage/list', {
    id: '31',
    tenantId: '100000',
    venueId: '21',
    venueName: '熊猫馆',
    parkId: '11',
    parkName: '主园区',
    cageCode: 'PD-01',
    cageName: '大熊猫1号舍',
    cageType: 3,
    area: 1200,
    capacity: 8,
    cameraUrl: '',
    sort: 0,
    remark: '',
    animalCount: 6,
    populationQuantity: 0,
    openAlarms: 0,
    ...over,
  });
