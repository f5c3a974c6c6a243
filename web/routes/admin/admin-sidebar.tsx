import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { ADMIN_NAV } from './admin-nav.ts';

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-1.5 text-xl text-foreground hover:bg-accent hover:text-accent-foreground [&_svg]:size-5 [&_svg]:shrink-0';

/**
 * The admin navigation groups. In the drawer (`onNavigate` set) it closes the drawer on a click
 * and adds the Account group with Logout (product rules "Screens": under 768 px).
 */
export function AdminSidebarNav({
  onNavigate,
  onLogout,
  loggingOut = false,
}: {
  onNavigate?: () => void;
  onLogout?: () => void;
  loggingOut?: boolean;
}) {
  const idPrefix = useId();
  const groupLabel = 'px-3 text-lg uppercase tracking-wider text-muted-foreground';
  return (
    <div className="flex flex-col gap-5">
      {ADMIN_NAV.map((group, i) => (
        <div key={group.label} className="flex flex-col gap-1">
          <p id={`${idPrefix}-${i}`} className={groupLabel}>
            {group.label}
          </p>
          <ul aria-labelledby={`${idPrefix}-${i}`} className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/admin'}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(itemClass, isActive && 'bg-primary text-primary-foreground hover:bg-primary')
                  }
                >
                  <item.icon aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {onLogout && (
        <div className="flex flex-col gap-1">
          <p className={groupLabel}>Account</p>
          <button type="button" className={itemClass} onClick={onLogout} disabled={loggingOut}>
            <LogOut aria-hidden="true" />
            {loggingOut ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      )}
    </div>
  );
}
