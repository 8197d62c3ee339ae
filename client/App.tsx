import { Route, Routes } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from './lib/api.ts';
import { Layout } from './components/layout/Layout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { EventPage } from './pages/EventPage.tsx';
import { CompetitionsPage } from './pages/CompetitionsPage.tsx';
import { PricingPage } from './pages/PricingPage.tsx';
import { PrivacyPage } from './pages/PrivacyPage.tsx';
import { TermsPage } from './pages/TermsPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

export function App() {
  // The spec renders nothing but 'Loading...' until the admin session is known, so the
  // header never flashes the wrong links.
  const session = useQuery({ queryKey: ['session'], queryFn: api.session });
  if (session.isPending) {
    return (
      <div className="app-loading" role="status">
        Loading...
      </div>
    );
  }
  const isAdmin = session.data?.isAdmin ?? false;

  return (
    <Routes>
      <Route element={<Layout isAdmin={isAdmin} />}>
        <Route index element={<HomePage />} />
        <Route path="competitions" element={<CompetitionsPage />} />
        <Route path="event/:eventId" element={<EventPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path=":clubUrlName" element={<HomePage />} />
        <Route path=":clubUrlName/:competitionUrlName" element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
