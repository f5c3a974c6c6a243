import { Outlet } from 'react-router';
import { ScrollRestoration } from './scroll-restoration.tsx';

/** The outermost route: restores scroll positions and renders the matched screen. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
