import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { INVALID_LINK } from '../../shared/schemas/registration.ts';
import { planAction } from '../../shared/planAction.ts';
import { ClubForm } from '../components/register/ClubForm.tsx';
import { ContactStep } from '../components/register/ContactStep.tsx';
import { DoneStep } from '../components/register/DoneStep.tsx';
import { PackageSummary } from '../components/register/PackageSummary.tsx';
import { PaymentStep } from '../components/register/PaymentStep.tsx';
import { RegisterLayout, RegisterLoading } from '../components/register/RegisterLayout.tsx';
import { RegisterMessage } from '../components/register/RegisterMessage.tsx';
import { useRegisterStep, type RegisterStep } from '../components/register/steps.ts';
import { useTokenEmail } from '../components/register/useTokenEmail.ts';
import '../components/auth/fields.css';
import '../components/auth/auth.css';
import '../components/legal/message-page.css';
import '../components/register/register.css';

/** /register/package/{id}: a club or organisation signs up with a plan (spec section 2). */
export function RegisterPackagePage() {
  usePageTitle('Club Registration');
  const packageId = Number(useParams().packageId);
  const { step, token, goTo } = useRegisterStep();
  const prices = useQuery({ queryKey: ['prices'], queryFn: api.prices, retry: false });
  const tokenEmail = useTokenEmail(token, step === 'personal');
  const toDone = useCallback(() => goTo('done'), [goTo]);

  const plan = prices.data?.find((p) => p.id === packageId);
  if (prices.isError || (prices.isSuccess && !plan)) {
    return (
      <RegisterMessage title="Package not found" to="/pricing" linkText="View pricing plans">
        The package you chose does not exist. Pick one from our pricing plans.
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
  if (!plan || tokenEmail.loading) return <RegisterLoading>Loading package…</RegisterLoading>;

  // Section 4: payment only when the price is not Free; the price rule is shared/planAction's.
  const paid = planAction(plan).kind !== 'start';
  const steps: readonly RegisterStep[] = paid
    ? ['contact', 'personal', 'payment', 'done']
    : ['contact', 'personal', 'done'];

  return (
    <RegisterLayout
      back={{ to: '/pricing', text: 'Back to pricing' }}
      summary={<PackageSummary plan={plan} />}
      steps={steps}
      step={step}
    >
      {step === 'contact' && <ContactStep target={{ packageId }} />}
      {step === 'personal' && tokenEmail.email && (
        <ClubForm
          packageId={packageId}
          token={token}
          email={tokenEmail.email}
          onRegistered={() => goTo(paid ? 'payment' : 'done')}
        />
      )}
      {step === 'payment' && <PaymentStep price={plan.price} onPaid={toDone} />}
      {step === 'done' && <DoneStep />}
    </RegisterLayout>
  );
}
