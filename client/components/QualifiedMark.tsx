import { qualifiedWords } from '../../shared/athletics/rounds/words.ts';

/** Q or q beside a mark: its meaning in full for a title and a screen reader. */
export function QualifiedMark({
  qualified,
  provisional,
}: {
  qualified: 'Q' | 'q';
  provisional: boolean;
}) {
  const words = qualifiedWords(qualified, provisional);
  return (
    <abbr
      className={`ev-qualified${provisional && qualified === 'q' ? ' is-provisional' : ''}`}
      title={words}
    >
      <span aria-hidden="true">{qualified}</span>
      <span className="visually-hidden">{words}</span>
    </abbr>
  );
}
