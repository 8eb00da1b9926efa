import { Select } from 'antd';
import type { CSSProperties } from 'react';
import type { ControlProps } from '../crud';

/** A choice, or a titled group of choices (a litter's cubs, animals and populations). */
export type PickOption = { value: string | number; label: string; disabled?: boolean } | { label: string; options: PickOption[] };

type PickProps = ControlProps & {
  options: PickOption[];
  placeholder?: string;
  loading?: boolean;
  /** Outside a form item (a screen's own filter, a row of an editor) the select names itself. */
  label?: string;
  style?: CSSProperties;
};

/**
 * One record of a list, found by typing part of its text. The form item's label points at `id` (WCAG 1.3.1,
 * 4.1.2); cleared, it answers '' (how the contract's optional ids travel), never undefined.
 */
export function PickOne({ id, value, onChange, disabled, options, placeholder, loading, label, style }: PickProps) {
  return (
    <Select
      id={id}
      aria-label={label}
      showSearch
      allowClear
      optionFilterProp="label"
      placeholder={placeholder}
      loading={loading}
      value={(value as string) || undefined}
      disabled={disabled}
      options={options}
      onChange={(v) => onChange?.(v ?? '')}
      style={style}
    />
  );
}

/** Several records of a list; none is an empty array. */
export function PickMany({ id, value, onChange, disabled, options, placeholder, loading, label, style }: PickProps) {
  return (
    <Select
      id={id}
      aria-label={label}
      mode="multiple"
      allowClear
      optionFilterProp="label"
      placeholder={placeholder}
      loading={loading}
      value={Array.isArray(value) ? (value as (string | number)[]) : []}
      disabled={disabled}
      options={options}
      onChange={(v) => onChange?.(v)}
      style={style}
    />
  );
}
