import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Dashboard figures (`/blade-desk/countinfo`), the notice breakdown and the latest notices. */
export const useDeskCounts = () => useQuery({ queryKey: ['desk', 'counts'], queryFn: () => call(firstEndpoints.countInfo), staleTime: 30_000 });
export const useNoticeCounts = () =>
  useQuery({ queryKey: ['desk', 'notice-counts'], queryFn: () => call(firstEndpoints.noticeCountInfo), staleTime: 30_000 });
export const useLatestNotices = (limit: number) =>
  useQuery({ queryKey: ['desk', 'notices', limit], queryFn: () => call(firstEndpoints.listAllNotice, { query: { limit } }), staleTime: 30_000 });
