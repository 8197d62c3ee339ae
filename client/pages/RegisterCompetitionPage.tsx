import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { INVALID_LINK } from '../../shared/schemas/registration.ts';
import { competitionClock, entriesClosed } from '../../shared/entries.ts';
import { competitionResultsPath } from '../../shared/competitionList.ts';
import { CompetitionSummary } from '../components/register/CompetitionSummary.tsx';
import { ContactStep } from '../components/register/ContactStep.tsx';
import { DoneStep } from '../components/register/DoneStep.tsx';
import { EntriesClosed } from '../components/register/EntriesClosed.tsx';
import { PersonalInfoForm } from '../components/register/PersonalInfoForm.tsx';
import { RegisterLayout, RegisterLoading } from '../components/register/RegisterLayout.tsx';
import { RegisterMessage } from '../components/register/RegisterMessage.tsx';
import { useRegisterStep, type RegisterStep } from '../components/register/steps.ts';
import { useTokenEmail } from '../components/register/useTokenEmail.ts';
import '../components/auth/fields.css';
import '../components/auth/auth.css';
import '../components/legal/message-page.css';
import '../components/register/register.css';

const steps: readonly RegisterStep[] = ['contact', 'personal', 'done'];
const back = { to: '/competitions', text: 'Back to competitions' };

/** /register/competition/{uic}: an athlete registers for a competition. */
export function RegisterCompetitionPage() {
  usePageTitle('Athlete Registration');
  const uic = Number(useParams().competitionUic);
  const validUic = Number.isInteger(uic) && uic > 0;
  const { step, token, goTo } = useRegisterStep();
  const competition = useQuery({
    queryKey: queryKeys.competition(uic),
    queryFn: () => api.findCompetition(uic),
    enabled: validUic,
    retry: false,
  });
  // null: no public competition by that uic.
  const found = competition.data;
  const clubs = useQuery({ queryKey: queryKeys.clubs, queryFn: api.clubs });
  // Closed entries take no form, so a late link is not even looked up.
  const closed = found && step !== 'done' && entriesClosed(found, competitionClock(new Date()));
  const tokenEmail = useTokenEmail(token, step === 'personal' && !closed);

  if (!validUic || competition.isError || found === null) {
    return (
      <RegisterMessage
        title="Competition not found"
        to="/competitions"
        linkText="Back to competitions"
      >
        The competition you want to register for does not exist or is no longer open.
      </RegisterMessage>
    );
  }
  if (tokenEmail.invalid) {
    return (
      <RegisterMessage title="Link not valid" to="/" linkText="Back to results">
        {INVALID_LINK}
      </RegisterMessage>
    );
  }
  if (found === undefined || tokenEmail.loading) {
    return <RegisterLoading>Loading competition…</RegisterLoading>;
  }

  const club = clubs.data?.find((c) => c.uic === found.clubUic);
  const resultsPath = competitionResultsPath(found, club?.urlName);
  const summary = (
    <CompetitionSummary competition={found} clubName={club?.clubName ?? `Club #${found.clubUic}`} />
  );
  if (closed) {
    return (
      <RegisterLayout back={back} summary={summary}>
        <EntriesClosed resultsPath={resultsPath} />
      </RegisterLayout>
    );
  }
  return (
    <RegisterLayout back={back} summary={summary} steps={steps} step={step}>
      {step === 'contact' && <ContactStep target={{ competitionUic: uic }} />}
      {step === 'personal' && tokenEmail.email && (
        <PersonalInfoForm
          competitionUic={uic}
          token={token}
          email={tokenEmail.email}
          onDone={() => goTo('done')}
        />
      )}
      {step === 'done' && <DoneStep next={{ to: resultsPath, text: 'Competition page' }} />}
    </RegisterLayout>
  );
}
