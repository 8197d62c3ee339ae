import { flagName } from '../../shared/athletics/bests/flags.ts';

/**
 * A result's PB, SB and record codes beside its mark: each code shown, its meaning in full for
 * a title and a screen reader ("Meeting record").
 */
export function BestFlags({ flags }: { flags: readonly string[] | undefined }) {
  if (!flags || flags.length === 0) return null;
  return (
    <>
      {flags.map((flag) => {
        const record = !/^=?(PB|SB)$/.test(flag);
        return (
          <abbr
            key={flag}
            className={`ev-flag${record ? ' is-record' : ''}`}
            title={flagName(flag)}
          >
            <span aria-hidden="true">{flag}</span>
            <span className="visually-hidden">{flagName(flag)}</span>
          </abbr>
        );
      })}
    </>
  );
}
