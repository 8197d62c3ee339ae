import { Link } from 'react-router-dom';
import { pagerItems } from '../../../shared/competitionList.ts';

/** Page links (real links, so a page can be opened or shared); hidden when there is one page. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const edge = (text: string, target: number, enabled: boolean, rel: 'prev' | 'next') =>
    enabled ? (
      <Link className="cl-page-link cl-page-edge" to={hrefFor(target)} rel={rel}>
        {text}
      </Link>
    ) : (
      <span className="cl-page-link cl-page-edge is-disabled" aria-disabled="true">
        {text}
      </span>
    );

  return (
    <nav className="cl-pagination" aria-label={label}>
      {edge('Previous', page - 1, page > 1, 'prev')}
      <ol className="cl-page-numbers">
        {pagerItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="cl-page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={`cl-page-link${item === page ? ' is-current' : ''}`}
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {edge('Next', page + 1, page < pageCount, 'next')}
    </nav>
  );
}
