import { breedingCubEndpoints } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../crud';
import { call } from '../../../lib/request';

const small = { size: 'small' as const, pagination: false as const, scroll: { x: 480 } };

/** The animal detail's 繁殖 card (decision 0042): her oestrus, breedings, pregnancies, litters, offspring and contraception. */
export function AnimalReproduction({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  // The screen's view button (menus without buttons are not in the permission map).
  const can = useCan('breed_litter_view');
  const q = useQuery({
    queryKey: ['animal-detail-breeding', id],
    queryFn: () => call(breedingCubEndpoints.animal, { query: { animalId: id } }),
    enabled: Boolean(id) && can,
    retry: false,
  });
  if (!can || !q.data) return null;
  const d = q.data;
  const n = (k: string, c: number) => `${t(`breedAnimal.${k}`)} (${c})`;
  return (
    <Card variant="borderless" title={t('breedAnimal.title')} data-testid="animal-breeding">
      <Tabs
        items={[
          {
            key: 'oestrus',
            label: n('oestrus', d.oestrus.length),
            children: (
              <Table
                {...small}
                rowKey="obsDate"
                dataSource={d.oestrus}
                columns={[
                  { title: t('breedOestrus.obsDate'), dataIndex: 'obsDate', width: 110 },
                  {
                    title: t('breedOestrus.signs'),
                    dataIndex: 'signs',
                    render: (v: number[]) => v.map((k) => (i18n.exists(`breedOestrus.signList.${k}`) ? t(`breedOestrus.signList.${k}`) : String(k))).join('、'),
                  },
                  { title: t('breedOestrus.vulvaScore'), dataIndex: 'vulvaScore', width: 90 },
                  { title: t('breedOestrus.oestrogen'), dataIndex: 'oestrogen', width: 90 },
                ]}
              />
            ),
          },
          {
            key: 'events',
            label: n('events', d.events.length),
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={d.events}
                columns={[
                  { title: t('breedEvent.eventDate'), dataIndex: 'eventDate', width: 110 },
                  { title: t('breedEvent.kind'), dataIndex: 'kind', width: 100, render: (v: number) => t(`breedEvent.kinds.${v}`) },
                  { title: t('breedAnimal.partner'), dataIndex: 'partner' },
                ]}
              />
            ),
          },
          {
            key: 'pregnancies',
            label: n('pregnancies', d.pregnancies.length),
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={d.pregnancies}
                columns={[
                  { title: t('breedPregnancy.checkDate'), dataIndex: 'checkDate', width: 110 },
                  { title: t('breedPregnancy.method'), dataIndex: 'method', width: 100, render: (v: number) => t(`breedPregnancy.methods.${v}`) },
                  { title: t('breedPregnancy.pregStatus'), dataIndex: 'status', width: 100, render: (v: number) => t(`breedPregnancy.states.${v}`) },
                  { title: t('breedAnimal.window'), render: (_, r) => (r.expectedFrom ? `${r.expectedFrom} ~ ${r.expectedTo}` : '—') },
                ]}
              />
            ),
          },
          {
            key: 'litters',
            label: n('litters', d.litters.length),
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={d.litters}
                columns={[
                  { title: t('breedLitter.birthDate'), dataIndex: 'birthDate', width: 110 },
                  { title: t('breedLitter.liveBorn'), dataIndex: 'liveBorn', width: 80 },
                  { title: t('breedLitter.stillborn'), dataIndex: 'stillborn', width: 80 },
                  { title: t('breedLitter.rearing'), dataIndex: 'rearing', render: (v: number) => t(`breedLitter.rearings.${v}`) },
                ]}
              />
            ),
          },
          {
            key: 'offspring',
            label: n('offspring', d.offspring.length),
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={d.offspring}
                columns={[
                  { title: t('zooAnimal.localNo'), dataIndex: 'localNo', width: 120, render: (v: string, r) => <Link to={`/animal/detail/${r.id}`}>{v}</Link> },
                  { title: t('zooAnimal.animalName'), dataIndex: 'animalName', width: 100 },
                  { title: t('zooAnimal.sex'), dataIndex: 'sex', width: 70, render: (v: number) => t(`breedLitter.sexes.${v}`) },
                  { title: t('zooAnimal.birthDate'), dataIndex: 'birthDate', render: (v: string) => v.slice(0, 10) },
                ]}
              />
            ),
          },
          {
            key: 'contraception',
            label: n('contraception', d.contraception.length),
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={d.contraception}
                columns={[
                  { title: t('breedContra.method'), dataIndex: 'method', width: 130, render: (v: number) => t(`breedContra.methods.${v}`) },
                  { title: t('breedContra.startDate'), dataIndex: 'startDate', width: 110 },
                  { title: t('breedContra.expectedEnd'), dataIndex: 'expectedEnd', width: 110 },
                  { title: t('breedContra.reversalDate'), dataIndex: 'reversalDate' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
