/**
 * Welcome line, the plan badge and the statistic cards. The competitions count the whole
 * club while events and athletes count the competition selected below: each card says which,
 * or an admin reads 3 events beside 4 competitions as the club's total.
 */
export function AdminSummary({
  userName,
  packageName,
  competitions,
  events,
  athletes,
  competitionChosen,
}: {
  userName: string;
  packageName: string | null;
  competitions: number;
  events: number;
  athletes: number;
  /** Whether a competition is selected (events and athletes count it). */
  competitionChosen: boolean;
}) {
  const competitionScope = competitionChosen ? 'This competition' : 'No competition selected';
  return (
    <div className="admin-summary">
      <div className="admin-welcome">
        <h1>Admin Panel</h1>
        <p>
          Welcome, <strong>{userName}</strong>
          {packageName && (
            <span className="plan-badge" title="Your subscription plan">
              {packageName}
            </span>
          )}
        </p>
      </div>
      <dl className="stat-cards">
        <Stat
          label="Total Competitions"
          value={competitions}
          scope="All your club's competitions"
        />
        <Stat label="Total Events" value={events} scope={competitionScope} />
        <Stat label="Total Athletes" value={athletes} scope={competitionScope} />
      </dl>
    </div>
  );
}

function Stat({ label, value, scope }: { label: string; value: number; scope: string }) {
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd className="stat-value">{value}</dd>
      <dd className="stat-scope">{scope}</dd>
    </div>
  );
}
