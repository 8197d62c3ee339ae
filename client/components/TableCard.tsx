import { useId, type ReactNode } from 'react';

/**
 * A titled card holding one table: its heading names the scrolling region (a phone scrolls
 * the table, not the page), and its caption says what the table holds to a screen reader.
 * `empty`, when given, stands in for the table; `note` follows it.
 */
export function TableCard({
  title,
  count,
  caption,
  tableClassName,
  empty,
  note,
  children,
}: {
  title: string;
  count?: string;
  caption: string;
  tableClassName?: string;
  empty?: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card ev-table-card" aria-labelledby={headingId}>
      <div className="ev-table-card-head">
        <h2 id={headingId}>{title}</h2>
        {count !== undefined && <p className="ev-table-count">{count}</p>}
      </div>
      {empty ?? (
        <div className="ev-table-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={['ev-data-table', tableClassName].filter(Boolean).join(' ')}>
            <caption className="visually-hidden">{caption}</caption>
            {children}
          </table>
        </div>
      )}
      {note && <p className="ev-table-empty">{note}</p>}
    </section>
  );
}

/** A page's card while its data is on its way. */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="container ev-event-page">
      <div className="card ev-event-message" role="status" aria-live="polite">
        <span className="spinner spinner-large" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}
