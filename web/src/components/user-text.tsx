import type { ReactNode } from 'react';

/**
 * Text people typed (an animal's name, a complaint, a drug's name, a person) shown outside a table's data column.
 * `translate="no"` is the HTML way of saying "data, not words of the interface": a browser's page translator
 * leaves it alone, and the English screens test does not count it as an untranslated label (decision 0049).
 */
export function UserText({ children }: { children: ReactNode }) {
  return <span translate="no">{children}</span>;
}
