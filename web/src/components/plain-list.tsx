import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * Rows with antd's small-list look, without antd List: List always bundles Pagination and with it the whole
 * Select machinery (~26 KB compressed), too much for the two notice widgets every signed-in page shows.
 */
export function PlainList<T>({ items, rowKey, render }: { items: readonly T[]; rowKey: (item: T) => string; render: (item: T) => ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, i) => (
        <li
          key={rowKey(item)}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
            padding: '8px 16px',
            borderBlockEnd: i < items.length - 1 ? `1px solid ${token.colorSplit}` : undefined,
          }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
