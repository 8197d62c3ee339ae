import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { INVALID_LINK } from '../../shared/schemas/registration.ts';
import { isStartablePlan } from '../../shared/planAction.ts';
import { ClubForm } from '../components/register/ClubForm.tsx';
import { ContactStep } from '../components/register/ContactStep.tsx';
import { DoneStep } from '../components/register/DoneStep.tsx';
import { PackageSummary } from '../components/register/PackageSummary.tsx';
import { PlanComingSoon } from '../components/register/PlanComingSoon.tsx';
import { RegisterLayout, RegisterLoading } from '../components/register/RegisterLayout.tsx';
import { RegisterMessage } from '../components/register/RegisterMessage.tsx';
import { useRegisterStep, type RegisterStep } from '../components/register/steps.ts';
import { useTokenEmail } from '../components/register/useTokenEmail.ts';
import '../components/auth/fields.css';
import '../components/auth/auth.css';
import '../components/legal/message-page.css';
import '../components/register/register.css';

/** Only Free plans can be started, so no payment step. */
const steps: readonly RegisterStep[] = ['contact', 'personal', 'done'];
const back = { to: '/pricing', text: 'Back to pricing' };

/** /register/package/{id}: a club or organisation signs up with a plan. */
export function RegisterPackagePage() {
  usePageTitle('Club Registration');
  const packageId = Number(useParams().packageId);
  const { step, token, goTo } = useRegisterStep();
  const prices = useQuery({ queryKey: ['prices'], queryFn: api.prices, retry: false });
  const plan = prices.data?.find((p) => p.id === packageId);
  const startable = plan !== undefined && isStartablePlan(plan);
  const tokenEmail = useTokenEmail(token, startable && step === 'personal');

  if (prices.isError || (prices.isSuccess && !plan)) {
    return (
      <RegisterMessage title="Package not found" to="/pricing" linkText="View pricing plans">
        The package you chose does not exist. Pick one from our pricing plans.
      </RegisterMessage>
    );
  }
  if (!plan || tokenEmail.loading) return <RegisterLoading>Loading package…</RegisterLoading>;
  // The plan is shown, but only a free one can be signed up for: no form for the others.
  if (!startable) {
    return (
      <RegisterLayout back={back} summary={<PackageSummary plan={plan} />}>
        <PlanComingSoon plan={plan} freePlan={prices.data?.find(isStartablePlan)} />
      </RegisterLayout>
    );
  }
  if (tokenEmail.invalid) {
    return (
      <RegisterMessage title="Link not valid" to="/" linkText="Back to results">
        {INVALID_LINK}
      </RegisterMessage>
    );
  }

  return (
    <RegisterLayout back={back} summary={<PackageSummary plan={plan} />} steps={steps} step={step}>
      {step === 'contact' && <ContactStep target={{ packageId }} />}
      {step === 'personal' && tokenEmail.email && (
        <ClubForm
          packageId={packageId}
          token={token}
          email={tokenEmail.email}
          onRegistered={() => goTo('done')}
        />
      )}
      {step === 'done' && <DoneStep next={{ to: '/login', text: 'Log in' }} />}
    </RegisterLayout>
  );
}
