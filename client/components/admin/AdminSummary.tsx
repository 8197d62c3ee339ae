/** Welcome line, the plan badge and the statistic cards of the selection. */
export function AdminSummary({
  userName,
  packageName,
  competitions,
  events,
  athletes,
}: {
  userName: string;
  packageName: string | null;
  competitions: number;
  events: number;
  athletes: number;
}) {
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
        <Stat label="Total Competitions" value={competitions} />
        <Stat label="Total Events" value={events} />
        <Stat label="Total Athletes" value={athletes} />
      </dl>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
