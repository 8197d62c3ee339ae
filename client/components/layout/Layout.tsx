import { Outlet } from 'react-router-dom';

// Placeholder: being built now.
export function Layout(_props: { isAdmin: boolean }) {
  return <Outlet />;
}
