import { Outlet, ScrollRestoration } from 'react-router';

/** The outermost route: restores scroll positions and renders the matched screen. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
