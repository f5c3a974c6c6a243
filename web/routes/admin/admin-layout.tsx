import { Gamepad2, LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../../components/ui/sheet.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { RequireAdmin } from '../../features/auth/components/require-admin.tsx';
import { AdminSidebarNav } from './admin-sidebar.tsx';

/**
 * The admin layout (product rules "Screens" 'Admin area'): header 'Admin Dashboard' with Play Game and Logout,
 * a sidebar of the admin pages, and under 768 px a slide-in drawer instead of the sidebar.
 * The page itself renders only after the admin guard ('Checking permissions...'); the server
 * checks the role on every /api/admin request regardless.
 */
export function Component() {
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}

function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Product rules "Roles": logout from the admin header goes to /, from the admin pages' menu to /auth.
  const signOut = useSignOut('/', 'admin');
  const signOutFromMenu = useSignOut('/auth', 'admin');
  const logout = () => signOut.mutate();

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-3 focus:py-1 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <div className="flex items-center gap-2">
            <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                  <Menu aria-hidden="true" />
                </Button>
              </SheetTrigger>
              <SheetContent>
                <SheetTitle className="px-3 font-retro text-2xl">Admin menu</SheetTitle>
                <SheetDescription className="sr-only">Links to every admin page.</SheetDescription>
                <nav aria-label="Admin">
                  <AdminSidebarNav
                    onNavigate={() => setDrawerOpen(false)}
                    onLogout={() => signOutFromMenu.mutate()}
                    loggingOut={signOutFromMenu.isPending}
                  />
                </nav>
              </SheetContent>
            </Sheet>
            <Link to="/admin" className="font-retro text-3xl leading-none text-glow">
              Admin Dashboard
            </Link>
          </div>
          <div className="flex items-center gap-2">
            <Link to="/game" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <Gamepad2 aria-hidden="true" />
              <span className="max-sm:sr-only">Play Game</span>
            </Link>
            <Button variant="ghost" size="sm" onClick={logout} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              <span className="max-sm:sr-only">Logout</span>
            </Button>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <nav
          aria-label="Admin"
          className="hidden w-64 shrink-0 border-r border-border p-4 md:block"
        >
          <AdminSidebarNav />
        </nav>
        <main
          id="admin-main"
          tabIndex={-1}
          className="outline-none min-w-0 flex-1 px-4 py-6 md:px-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
