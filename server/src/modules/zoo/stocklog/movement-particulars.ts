import type { Movement, MovementBody } from '@zoo/contract';
import type { Mfu, Particulars } from './ledger';

/* The six movements' forms, read into what the ledger books: counts by sex and a movement row's particulars. */

export const mfuIn = (b: { maleQuantity: number; femaleQuantity: number; theyQuantity: number }): Mfu => [b.maleQuantity, b.femaleQuantity, b.theyQuantity];

export function particularsOf<K extends Movement>(kind: K, b: MovementBody[K]): Particulars {
  const base = { images: b.images ?? [], remark: b.remark ?? '' };
  switch (kind) {
    case 'born': {
      const x = b as MovementBody['born'];
      return { ...base, eventDate: x.bornDate, typeKey: x.bornType ? String(x.bornType) : '' };
    }
    case 'import': {
      const x = b as MovementBody['import'];
      return { ...base, eventDate: x.importDate, typeKey: String(x.importType), counterpart: x.source, permitNo: x.permitNo, price: x.price };
    }
    case 'export': {
      const x = b as MovementBody['export'];
      return {
        ...base,
        eventDate: x.exportDate,
        typeKey: String(x.exportType),
        counterpart: x.output,
        permitNo: x.permitNo,
        price: x.price,
        backDate: x.backDate,
      };
    }
    case 'move':
      return { ...base, eventDate: (b as MovementBody['move']).moveDate };
    case 'die': {
      const x = b as MovementBody['die'];
      return { ...base, eventDate: x.dieDate, typeKey: String(x.dieType), reason: x.reason };
    }
    default: {
      const x = b as MovementBody['cancel'];
      return { ...base, eventDate: x.cancelDate, typeKey: String(x.cancelType), reason: x.reason };
    }
  }
}
