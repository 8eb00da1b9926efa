import type { DeskCount } from '@zoo/contract';
import type { TFunction } from 'i18next';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Dashboard figures (`/blade-desk/countinfo`), the notice breakdown and the latest notices. */
export const useDeskCounts = () => useQuery({ queryKey: ['desk', 'counts'], queryFn: () => call(firstEndpoints.countInfo), staleTime: 30_000 });
export const useNoticeCounts = () => useQuery({ queryKey: ['desk', 'notice-counts'], queryFn: () => call(firstEndpoints.noticeCountInfo), staleTime: 30_000 });
export const useLatestNotices = (limit: number) =>
  useQuery({ queryKey: ['desk', 'notices', limit], queryFn: () => call(firstEndpoints.listAllNotice, { query: { limit } }), staleTime: 30_000 });

/** A figure's name: the server's title is Chinese, so the known figures have their own label (`desk.count.<key>`). */
export const countTitle = (t: TFunction, c: Pick<DeskCount, 'key' | 'title'>): string => t(`desk.count.${c.key}`, { defaultValue: c.title });
