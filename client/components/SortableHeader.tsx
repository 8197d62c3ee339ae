import type { SortDirection } from '../../shared/athletics/eventTime.ts';
import './SortableHeader.css';

/** A column header that sorts its table: click toggles the direction, announced by aria-sort. */
export function SortableHeader({
  label,
  direction,
  onChange,
}: {
  label: string;
  direction: SortDirection;
  onChange: (direction: SortDirection) => void;
}) {
  const ascending = direction === 'asc';
  return (
    <th scope="col" aria-sort={ascending ? 'ascending' : 'descending'}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onChange(ascending ? 'desc' : 'asc')}
      >
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {ascending ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );
}
