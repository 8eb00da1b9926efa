import { vetLabRefEndpoints as ep } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../../crud';
import { UserText } from '../../../components/user-text';
import { call } from '../../../lib/request';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const text = (v: unknown) => String(v ?? '').trim();
/** The form's sample date as yyyy-MM-dd (the date control holds a dayjs), '' when none. */
const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : text(v).slice(0, 10));

/**
 * A laboratory result's interval as the save will store it (decision 0038), bound to `refSource` (read-only): the
 * species' interval of the form's animal, test and unit — the one fitting the animal's sex and its age on the
 * sample date, named when it is for one sex or age window — when the result's own is left empty, or a note that
 * the typed interval is kept.
 */
export function LabRefHint({ value }: ControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const animalId = text(Form.useWatch('animalId', form));
  const testName = text(Form.useWatch('testName', form));
  const unit = text(Form.useWatch('unit', form));
  const sampleDate = day(Form.useWatch('sampleDate', form));
  const low = Form.useWatch('refLow', form);
  const high = Form.useWatch('refHigh', form);
  const own = !blank(low) || !blank(high);
  const q = useQuery({
    queryKey: ['vet_lab_ref', 'match', animalId, testName, unit, sampleDate],
    queryFn: () => call(ep.labRefMatch, { query: { animalId, testName, unit, ...(sampleDate ? { sampleDate } : {}) } }),
    enabled: Boolean(animalId && testName),
    staleTime: 30_000,
  });
  const m = q.data;
  const range = m ? `${m.refLow === '' ? '…' : m.refLow} – ${m.refHigh === '' ? '…' : m.refHigh}${unit ? ` ${unit}` : ''}` : '';
  const windowed = m && (m.ageMinMonths !== '' || m.ageMaxMonths !== '');
  const scope = m?.id
    ? [
        m.sex ? t(`vetLabRef.sexes.${m.sex}`) : '',
        windowed ? t('vetLab.refHint.months', { from: m.ageMinMonths === '' ? 0 : m.ageMinMonths, to: m.ageMaxMonths === '' ? '∞' : m.ageMaxMonths }) : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
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
        {scope ? ` (${scope})` : null}
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
