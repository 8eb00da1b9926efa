import { parkEndpoints, venueEndpoints, type ZooTreeNode } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CRUD_TREE_KEY, ControlSelect, type ControlProps, type FieldDef } from '../../../crud';
import { call } from '../../../lib/request';

/**
 * Pickers of the zoo's places, shared by the park, venue and cage screens. Their caches live under the CRUD
 * tree key, so every park/venue/cage write refreshes them.
 */
export const ZOO_PLACES_KEY = [...CRUD_TREE_KEY, 'zoo-places'] as const;

/** The park picker of forms and searches (park/tree answers the parks as flat nodes). */
export const parkField: FieldDef = {
  tree: { key: 'zoo-parks', load: () => call(parkEndpoints.tree) },
};

/** Venues of one park, for the venue picker that follows the park picker. */
export const useVenuesOfPark = (parkId: string | undefined) =>
  useQuery({
    queryKey: [...ZOO_PLACES_KEY, 'venues', parkId ?? ''],
    queryFn: () => call(venueEndpoints.tree, { query: { parkId: parkId! } }),
    enabled: Boolean(parkId),
  });

/** The park → venue → cage forest (park/tree/venue?withCage=true). */
export const usePlaceForest = () =>
  useQuery({ queryKey: [...ZOO_PLACES_KEY, 'forest'], queryFn: () => call(parkEndpoints.treeVenue, { query: { withCage: 'true' } }) });

/**
 * Venue choice bound to the form's `parkId`: choosing a park reloads the venues, and changing the park clears a
 * venue chosen under the previous one.
 */
export function VenueOfParkSelect({ parkField: parkKey = 'parkId', ...control }: ControlProps & { parkField?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const parkId = Form.useWatch(parkKey, form) as string | undefined;
  const venues = useVenuesOfPark(parkId);
  const previous = useRef(parkId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== parkId) control.onChange?.(undefined);
    previous.current = parkId;
    // Only a park change clears the venue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parkId]);
  const options = (venues.data ?? []).map((v: ZooTreeNode) => ({ label: v.title, value: v.id }));
  return (
    <ControlSelect
      control={control}
      allowClear
      loading={venues.isLoading}
      options={options}
      placeholder={parkId ? t('crud.selectPlaceholder', { label: t('venue.venueName') }) : t('cage.pickParkFirst')}
    />
  );
}
