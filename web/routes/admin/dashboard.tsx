import {
  ArrowDownUp,
  ChartColumn,
  Code,
  Dices,
  FileText,
  Handshake,
  House,
  Megaphone,
  Network,
  Newspaper,
  NotebookText,
  Type,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import {
  Card,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx';

const CARDS = [
  {
    to: '/admin/scenes',
    title: 'Scene Editor',
    text: 'Create and edit scenes, their options and player stats.',
    icon: FileText,
  },
  {
    to: '/admin/story-map',
    title: 'Story Map',
    text: 'Every scene and link at a glance: broken links, dead ends, play-tests.',
    icon: Network,
  },
  {
    to: '/admin/analytics',
    title: 'Analytics',
    text: 'What players choose, where they stop, which endings they reach.',
    icon: ChartColumn,
  },
  {
    to: '/admin/import-export',
    title: 'Import / Export',
    text: 'Download the whole adventure as JSON or Twee 3, or import one after a dry run.',
    icon: ArrowDownUp,
  },
  {
    to: '/admin/random-events',
    title: 'Random Events',
    text: 'Surprises that interrupt the adventure every few choices.',
    icon: Dices,
  },
  {
    to: '/admin/font-settings',
    title: 'Font Settings',
    text: 'Fonts and sizes of scene titles, text and options.',
    icon: Type,
  },
  {
    to: '/admin/sponsors',
    title: 'Sponsors',
    text: 'Sponsor logos and links shown beside the game.',
    icon: Handshake,
  },
  {
    to: '/admin/consultants',
    title: 'Consultants',
    text: 'Review, approve and feature SEO consultants.',
    icon: Users,
  },
  {
    to: '/admin/news',
    title: 'News Scroller',
    text: 'The news items of the ticker above the game.',
    icon: Newspaper,
  },
  {
    to: '/admin/homepage-editor',
    title: 'Homepage Editor',
    text: 'Texts of the start screen and its search snippet.',
    icon: House,
  },
  {
    to: '/admin/seo-settings',
    title: 'SEO & Scripts',
    text: 'Meta tags, Open Graph and custom scripts of the public pages.',
    icon: Code,
  },
  {
    to: '/admin/advertisements',
    title: 'Advertisements',
    text: 'The ads players see before every 5th scene.',
    icon: Megaphone,
  },
  {
    to: '/admin/pages',
    title: 'Footer Pages',
    text: 'About, How to Play and Become a Sponsor.',
    icon: NotebookText,
  },
];

/** /admin: the dashboard, one card per admin page (spec §2 'Admin area'). */
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
