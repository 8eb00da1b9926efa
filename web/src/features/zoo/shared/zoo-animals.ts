import { animal } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';

export type ZooAnimalRow = { id: string; animalName: string; localNo: string; speciesId: string; speciesName: string; sex: number };

/**
 * The zoo's individuals for a picker (up to 1 000: a zoo's living collection), one cached list for the veterinary and
 * breeding forms alike.
 */
export const useZooAnimals = () =>
  useQuery({
    queryKey: ['zoo', 'animal-picker'],
    queryFn: () => call(animal.endpoints.list, { query: { current: 1, size: 1000 } }),
    select: (d) => ((d as { records?: ZooAnimalRow[] } | undefined)?.records ?? []) as ZooAnimalRow[],
  });

/** How an individual reads in a picker: its name and local number, then its species. */
export const animalLabel = (a: Pick<ZooAnimalRow, 'animalName' | 'localNo' | 'speciesName'>) =>
  `${a.animalName ? `${a.animalName} (${a.localNo})` : a.localNo} · ${a.speciesName}`;
