import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api } from './lib/api.ts';
import { queryKeys } from '../shared/queryKeys.ts';
import { Layout } from './components/layout/Layout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { EventPage } from './pages/EventPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

// Spectators land on the home and event pages; the rest loads on first visit.
const CompetitionsPage = lazy(() =>
  import('./pages/CompetitionsPage.tsx').then((m) => ({ default: m.CompetitionsPage })),
);
const CombinedPage = lazy(() =>
  import('./pages/CombinedPage.tsx').then((m) => ({ default: m.CombinedPage })),
);
const AthletePage = lazy(() =>
  import('./pages/AthletePage.tsx').then((m) => ({ default: m.AthletePage })),
);
const PricingPage = lazy(() =>
  import('./pages/PricingPage.tsx').then((m) => ({ default: m.PricingPage })),
);
const PrivacyPage = lazy(() =>
  import('./pages/PrivacyPage.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('./pages/TermsPage.tsx').then((m) => ({ default: m.TermsPage })),
);
// The admin side carries the schema library (forms validate with the server's own rules):
// only ever import these lazily, so spectators never download it.
const LoginPage = lazy(() =>
  import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const AdminPage = lazy(() =>
  import('./pages/AdminPage.tsx').then((m) => ({ default: m.AdminPage })),
);
// Registration validates with the server's schemas too: lazy for the same reason.
const RegisterCompetitionPage = lazy(() =>
  import('./pages/RegisterCompetitionPage.tsx').then((m) => ({
    default: m.RegisterCompetitionPage,
  })),
);
const RegisterPackagePage = lazy(() =>
  import('./pages/RegisterPackagePage.tsx').then((m) => ({ default: m.RegisterPackagePage })),
);
const VerifyPage = lazy(() =>
  import('./pages/VerifyPage.tsx').then((m) => ({ default: m.VerifyPage })),
);

function Loading() {
  return (
    <div className="app-loading" role="status">
      Loading...
    </div>
  );
}

function later(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

export function App() {
  // Nothing but 'Loading...' renders until the admin session is known, so the header never
  // flashes the wrong links.
  const session = useQuery({ queryKey: queryKeys.session, queryFn: api.session });
  if (session.isPending) return <Loading />;
  const isAdmin = session.data?.isAdmin ?? false;

  return (
    <Routes>
      <Route element={<Layout isAdmin={isAdmin} />}>
        <Route index element={<HomePage />} />
        <Route path="competitions" element={later(CompetitionsPage)} />
        <Route path="event/:eventId" element={<EventPage />} />
        <Route path="combined/:combinedId" element={later(CombinedPage)} />
        <Route path="athlete/:athleteId" element={later(AthletePage)} />
        <Route path="pricing" element={later(PricingPage)} />
        <Route path="privacy" element={later(PrivacyPage)} />
        <Route path="terms" element={later(TermsPage)} />
        <Route
          path="login"
          element={isAdmin ? <Navigate to="/admin" replace /> : later(LoginPage)}
        />
        <Route path="reset-password" element={later(ResetPasswordPage)} />
        <Route
          path="register/competition/:competitionUic"
          element={later(RegisterCompetitionPage)}
        />
        <Route path="register/package/:packageId" element={later(RegisterPackagePage)} />
        <Route path="verify/:token" element={later(VerifyPage)} />
        <Route
          path="admin"
          element={isAdmin ? later(AdminPage) : <Navigate to="/login" replace />}
        />
        <Route path=":clubUrlName" element={<HomePage />} />
        <Route path=":clubUrlName/:competitionUrlName" element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
