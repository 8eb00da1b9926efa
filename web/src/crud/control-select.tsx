import { Select, type SelectProps } from 'antd';
import type { ControlProps } from './types';

type Props = Omit<SelectProps, 'id' | 'disabled'> & { control: ControlProps };

/**
 * The Select of a custom form/search control: wired to the field's id, value ('' counts as none), disabled and
 * onChange, and searchable by option label. `value` / `onChange` given here replace the control's own.
 */
export function ControlSelect({ control, ...select }: Props) {
  return (
    <Select
      id={control.id}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={control.disabled}
      value={control.value === '' || control.value === null ? undefined : (control.value as string | undefined)}
      onChange={(v) => control.onChange?.(v)}
      {...select}
    />
  );
}
