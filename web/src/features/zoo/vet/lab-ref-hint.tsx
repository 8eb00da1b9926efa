import { vetLabRefEndpoints as ep } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { UserText } from '../../../components/user-text';
import { call } from '../../../lib/request';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const text = (v: unknown) => String(v ?? '').trim();

/**
 * A laboratory result's interval as the save will store it (decision 0038), bound to `refSource` (read-only): the
 * species' interval of the form's animal, test and unit when the result's own is left empty, or a note that the
 * typed interval is kept.
 */
export function LabRefHint({ value }: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const animalId = text(Form.useWatch('animalId', form));
  const testName = text(Form.useWatch('testName', form));
  const unit = text(Form.useWatch('unit', form));
  const low = Form.useWatch('refLow', form);
  const high = Form.useWatch('refHigh', form);
  const own = !blank(low) || !blank(high);
  const q = useQuery({
    queryKey: ['vet_lab_ref', 'match', animalId, testName, unit],
    queryFn: () => call(ep.labRefMatch, { query: { animalId, testName, unit } }),
    enabled: Boolean(animalId && testName),
    staleTime: 30_000,
  });
  const m = q.data;
  const range = m ? `${m.refLow === '' ? '…' : m.refLow} – ${m.refHigh === '' ? '…' : m.refHigh}${unit ? ` ${unit}` : ''}` : '';
  let body;
  if (!animalId || !testName) body = <Typography.Text type="secondary">{t('vetLab.refHint.choose')}</Typography.Text>;
  else if (!m) body = <Typography.Text type="secondary">{t('vetLab.refHint.loading')}</Typography.Text>;
  else if (own)
    body = (
      <Typography.Text type="secondary">
        {Number(value) === 2 ? t('vetLab.refHint.copied') : t('vetLab.refHint.own')}
        {m.id ? (
          <>
            {' '}
            {t('vetLab.refHint.notTaken')} <UserText>{range}</UserText>
          </>
        ) : null}
      </Typography.Text>
    );
  else if (m.id)
    body = (
      <Typography.Text>
        {t('vetLab.refHint.species')}
        <UserText>
          {m.speciesName} {range}
        </UserText>
        {m.source ? (
          <Typography.Text type="secondary">
            {' '}
            (<UserText>{m.source}</UserText>)
          </Typography.Text>
        ) : null}
      </Typography.Text>
    );
  else body = <Typography.Text type="secondary">{t('vetLab.refHint.none')}</Typography.Text>;
  return <div data-testid="lab-ref-hint">{body}</div>;
}
