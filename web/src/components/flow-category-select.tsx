import { Select, type SelectProps } from 'antd';
import { useDict } from '../crud';

/**
 * The `flow` dictionary as process categories: the value is `flow_<dictKey>` (contract §7 — Saber converts the
 * key before sending, and deployed definitions carry that category).
 */
export function FlowCategorySelect(props: Omit<SelectProps, 'options'>) {
  const { options, loading } = useDict('flow');
  return <Select allowClear loading={loading} options={options.map((o) => ({ label: o.label, value: `flow_${o.value}` }))} {...props} />;
}
