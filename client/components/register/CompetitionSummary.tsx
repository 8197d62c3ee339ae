import type { Competition } from '../../../shared/schemas/competition.ts';
import { formatEventTime } from '../../../shared/athletics/eventTime.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';

/** The competition being registered for: image, names, times and place. */
export function CompetitionSummary({
  competition,
  clubName,
}: {
  competition: Competition;
  clubName: string;
}) {
  const date = formatCompetitionDate(competition.date);
  const time = (text: string | null) => (text?.trim() ? formatEventTime(text) : null);
  const startTime = time(competition.startTime);
  const closeTime = time(competition.closeTime);
  const location = competition.location?.trim();
  const description = competition.description?.trim();
  const details: [string, string][] = [];
  if (date) details.push(['Date', date]);
  if (startTime) details.push(['Start time', startTime]);
  if (closeTime) details.push(['Entries close', closeTime]);
  if (location) details.push(['Location', location]);

  return (
    <section className="card rg-summary" aria-labelledby="rg-summary-title">
      {competition.imageLink && (
        <img className="rg-summary-image" src={competition.imageLink} alt="" />
      )}
      <div className="rg-summary-body">
        <p className="rg-eyebrow">Athlete registration</p>
        <h1 id="rg-summary-title" className="rg-summary-title">
          {competition.competitionName}
        </h1>
        <p className="rg-summary-club">{clubName}</p>
        {details.length > 0 && (
          <dl className="rg-details">
            {details.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {description && <p className="rg-description">{description}</p>}
      </div>
    </section>
  );
}
