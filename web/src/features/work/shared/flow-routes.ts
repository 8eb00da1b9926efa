import { dictionaryEndpoints } from '@zoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';

/**
 * The `flow` dictionary as Saber reads it at start-up: `flow_<dictKey>` → remark (contract §6), the business
 * form a category's tasks open (`flow_1` → `leave` → /work/process/leave/...). Resolves null when a category
 * has no remark. Cached for the session; a click before the dictionary arrived waits for it.
 */
export function useFlowRoute(): (category: string) => Promise<string | null> {
  const client = useQueryClient();
  return async (category) => {
    const rows = await client.fetchQuery({
      queryKey: ['dict-rows', 'flow'],
      queryFn: () => call(dictionaryEndpoints.dictionary, { query: { code: 'flow' } }),
      staleTime: 5 * 60_000,
    });
    const row = rows.find((d) => `flow_${d.dictKey}` === category);
    return row?.remark ? row.remark : null;
  };
}

/** The work routes of spec §2 for a business form named by the flow dictionary (ids are word characters, colons, dots and dashes: path-safe). */
export const workPaths = {
  form: (route: string, processDefinitionId: string) => `/work/process/${route}/form/${processDefinitionId}`,
  handle: (route: string, row: { taskId: string; processInstanceId: string; businessId: string }) =>
    `/work/process/${route}/handle/${row.taskId}/${row.processInstanceId}/${row.businessId}`,
  detail: (route: string, row: { processInstanceId: string; businessId: string }) => `/work/process/${route}/detail/${row.processInstanceId}/${row.businessId}`,
};
