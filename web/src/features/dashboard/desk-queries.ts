import { deskEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Dashboard figures (`/blade-desk/countinfo`), the notice breakdown and the latest notices. */
export const useDeskCounts = () => useQuery({ queryKey: ['desk', 'counts'], queryFn: () => call(deskEndpoints.countInfo), staleTime: 30_000 });
export const useNoticeCounts = () =>
  useQuery({ queryKey: ['desk', 'notice-counts'], queryFn: () => call(deskEndpoints.noticeCountInfo), staleTime: 30_000 });
export const useLatestNotices = (limit: number) =>
  useQuery({ queryKey: ['desk', 'notices', limit], queryFn: () => call(deskEndpoints.listAllNotice, { query: { limit } }), staleTime: 30_000 });
