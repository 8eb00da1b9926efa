import { datasourceEndpoints, modelEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ControlSelect, type ControlProps } from '../../../crud';
import { call } from '../../../lib/request';

/** A saved datasource (datasource/select). */
export function DatasourceSelect(control: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['tool-datasources'], queryFn: () => call(datasourceEndpoints.select), staleTime: 10_000 });
  return (
    <ControlSelect
      control={control}
      loading={q.isLoading}
      options={(q.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
      placeholder={t('crud.selectPlaceholder', { label: t('model.datasourceId') })}
    />
  );
}

/** A table of the datasource chosen in the same form, read from its catalog (model/table-list). */
export function TableSelect(control: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const datasourceId = Form.useWatch('datasourceId', form) as string | undefined;
  const q = useQuery({
    queryKey: ['tool-tables', datasourceId],
    queryFn: () => call(modelEndpoints.tableList, { query: { datasourceId: datasourceId! } }),
    enabled: Boolean(datasourceId),
    staleTime: 10_000,
  });
  return (
    <ControlSelect
      control={control}
      loading={q.isFetching}
      options={(q.data ?? []).map((x) => ({ value: x.name, label: x.comment }))}
      placeholder={datasourceId ? t('crud.selectPlaceholder', { label: t('model.modelTable') }) : t('model.pickDatasource')}
    />
  );
}

/** A data model (model/select). */
export function ModelSelect(control: ControlProps) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['tool-models'], queryFn: () => call(modelEndpoints.select), staleTime: 10_000 });
  return (
    <ControlSelect
      control={control}
      loading={q.isLoading}
      options={(q.data ?? []).map((m) => ({ value: m.id, label: `${m.modelName} (${m.modelTable})` }))}
      placeholder={t('crud.selectPlaceholder', { label: t('code.modelId') })}
    />
  );
}
