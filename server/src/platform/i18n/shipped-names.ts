import { currentLanguage } from './request-language';

/**
 * English names of what the platform ships with its seed (the leave and stock-approval processes, their tasks
 * and events; report data sets and chart categories): shown in the request's language like the dictionaries'
 * labels. Names people give their own processes or reports are data and stay as they were typed (decision 0049).
 */
const SHIPPED_EN: Readonly<Record<string, string>> = {
  // processes (seed/flow-processes.ts)
  请假流程: 'Leave',
  发起请假: 'Request leave',
  审批人审批: 'Approval',
  是否同意: 'Approved?',
  同意: 'Approve',
  驳回: 'Reject',
  请假通过: 'Leave approved',
  请假驳回: 'Leave rejected',
  存栏变动审批: 'Stock movement approval',
  提交变动: 'Submit the movement',
  主管审批: 'Curator approval',
  主管意见: "Curator's decision",
  园长审批: 'Director approval',
  园长意见: "Director's decision",
  审批通过: 'Approved',
  审批驳回: 'Rejected',
  开始: 'Start',
  结束: 'End',
  已结束: 'Finished',
  超时未办理: 'Timed out',
};

/** A shipped name in the request's language; anything else as it is. */
export const shippedName = (zh: string | null | undefined): string => {
  if (!zh || currentLanguage() === 'zh') return zh ?? '';
  return SHIPPED_EN[zh] ?? zh;
};
