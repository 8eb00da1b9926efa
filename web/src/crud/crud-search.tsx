import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, fromFormValue } from './field-codec';
import { FieldInput } from './field-input';
import { formPrefix, searchFields, searchKey, type ResolvedField } from './resolve-fields';
import type { AnyCrudPageDef, AnyRow, Widget } from './types';
import { useFieldLabel } from './use-field-label';

interface Props {
  def: AnyCrudPageDef;
  onSearch: (filters: AnyRow) => void;
  onReset: () => void;
}

const searchWidget = (f: ResolvedField): Widget => (typeof f.def.search === 'object' && f.def.search.widget) || (f.widget === 'textarea' ? 'input' : f.widget);

/** The field as the search form shows it (its search-only control, if any). */
const searchField = (f: ResolvedField): ResolvedField =>
  typeof f.def.search === 'object' && f.def.search.input ? { ...f, def: { ...f.def, input: f.def.search.input } } : f;

const rangeKeys = (f: ResolvedField): [string, string] | undefined => (typeof f.def.search === 'object' && f.def.search.range) || undefined;

/** A range picker's value → its two filters (local time as picked, no time-zone shift). */
const rangeEntries = ([from, to]: [string, string], value: unknown): Array<[string, unknown]> => {
  const [a, b] = Array.isArray(value) ? (value as Array<Dayjs | null>) : [];
  return [
    [from, a?.format(DATE_TIME_FORMAT)],
    [to, b?.format(DATE_TIME_FORMAT)],
  ];
};

/** The search form: fields marked `search`, sent under their filter keys. */
export function CrudSearch({ def, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnyRow>();
  const label = useFieldLabel(def);
  const fields = searchFields(def);
  // A link may name text filters (`/zoo/animal?localNo=…` from 数据质量): the screen opens searched for them.
  useEffect(() => {
    const url = new URLSearchParams(window.location.search);
    const preset = fields.filter((f) => !rangeKeys(f) && searchWidget(f) === 'input' && url.get(f.key)).map((f) => [f.key, url.get(f.key)]);
    if (!preset.length) return;
    form.setFieldsValue(Object.fromEntries(preset));
    form.submit();
    // Once, when the screen opens: later searches are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!fields.length) return null;

  const submit = (values: AnyRow) =>
    onSearch(
      Object.fromEntries(
        fields.flatMap((f): Array<[string, unknown]> => {
          const range = rangeKeys(f);
          return range ? rangeEntries(range, values[f.key]) : [[searchKey(f), fromFormValue(f, values[f.key])]];
        }),
      ),
    );
  const reset = () => {
    form.resetFields();
    onReset();
  };

  return (
    <Form form={form} name={`${formPrefix(def)}-search`} layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 12 }}>
      {fields.map((f) => (
        <Form.Item key={f.key} name={f.key} label={label(f)}>
          {rangeKeys(f) ? (
            <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} allowEmpty={[true, true]} />
          ) : (
            <FieldInput field={searchField(f)} label={label(f)} widget={searchWidget(f)} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button icon={<ClearOutlined />} onClick={reset}>
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
