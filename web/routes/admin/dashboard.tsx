import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import {
  Card,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';
import { ADMIN_NAV } from './admin-nav.ts';

/** One card per page of the sidebar that has one: the page list lives in admin-nav.ts only. */
const CARDS = ADMIN_NAV.flatMap((group) =>
  group.items.flatMap((item) =>
    item.card ? [{ ...item.card, to: item.to, icon: item.icon }] : [],
  ),
).sort((a, b) => a.order - b.order);

/** /admin: the dashboard, one card per admin page (product rules "Screens" 'Admin area'). */
export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="font-retro text-4xl text-glow sm:text-5xl">Dashboard</h1>
        <p className="text-xl text-muted-foreground">Manage the game content and the website.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.map((c) => (
          <li key={c.to}>
            <Card className="h-full justify-between">
              <CardHeader>
                <c.icon className="size-7 text-primary" aria-hidden="true" />
                <CardTitle>{c.title}</CardTitle>
                <CardDescription>{c.text}</CardDescription>
              </CardHeader>
              <CardFooter>
                <Link
                  to={c.to}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  aria-label={`Open ${c.title}`}
                >
                  Open
                </Link>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
