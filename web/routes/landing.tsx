import { Link } from 'react-router';
import {
  BookOpen,
  DollarSign,
  Gamepad2,
  type IconComponent,
  Target,
  TrendingUp,
  Users,
} from '../components/icons.ts';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';

const FEATURES = [
  {
    icon: Gamepad2,
    name: 'Learn SEO by playing',
    text: 'Every scene is a real decision about your shop: keywords, content, links, speed, budget.',
  },
  {
    icon: Target,
    name: 'Aim for rank #1',
    text: 'Start as a tiny hat web shop and climb the search results one choice at a time.',
  },
];

const STATS = [
  { icon: TrendingUp, name: 'Ranking', text: 'Where your shop shows up in the search results.' },
  { icon: Users, name: 'Traffic', text: 'How many visitors find their way to your hats.' },
  { icon: DollarSign, name: 'Revenue', text: 'What those visitors spend in your shop.' },
  { icon: BookOpen, name: 'Knowledge', text: 'The SEO know-how you pick up along the way.' },
];

/** A card of the page: an icon over a heading and a sentence. */
function IconCard({
  icon: Icon,
  name,
  text,
  className,
}: {
  icon: IconComponent;
  name: string;
  text: string;
  className?: string;
}) {
  return (
    <Card className={className}>
      <Icon className="size-8 text-primary" aria-hidden="true" />
      <CardTitle as="h3">{name}</CardTitle>
      <CardDescription>{text}</CardDescription>
    </Card>
  );
}

/** The marketing page /landing (product rules "Screens"): title, two feature cards, four stat cards, two buttons. */
export function Component() {
  const cta = cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-auto');
  return (
    <main className="mx-auto flex min-h-dvh max-w-5xl flex-col gap-12 px-4 py-12 sm:px-6">
      <header className="flex flex-col items-center gap-4 text-center">
        <h1 className="font-retro text-5xl leading-none text-glow sm:text-7xl">SEO Adventure</h1>
        <p className="max-w-2xl text-2xl text-muted-foreground">
          A retro text adventure about getting a small hat web shop to the top of the search
          results.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
          <Link to="/auth" className={cta}>
            Start Your SEO Journey
          </Link>
        </div>
      </header>

      <section aria-labelledby="features-heading" className="flex flex-col gap-4">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {FEATURES.map((f) => (
            <IconCard key={f.name} {...f} />
          ))}
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="flex flex-col gap-4">
        <h2 id="stats-heading" className="text-center font-retro text-4xl">
          Grow four numbers
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STATS.map((s) => (
            <li key={s.name}>
              <IconCard {...s} className="h-full items-center text-center" />
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="play-heading"
        className="flex flex-col items-center gap-4 text-center"
      >
        <h2 id="play-heading" className="font-retro text-4xl">
          Ready to rank?
        </h2>
        <Link to="/auth" className={cta}>
          Play Now
        </Link>
      </section>
    </main>
  );
}
