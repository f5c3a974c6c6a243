import {
  ArrowDownUp,
  ChartColumn,
  Code,
  Dices,
  FileText,
  Handshake,
  History,
  House,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  Network,
  Newspaper,
  NotebookText,
  Type,
  Users,
} from 'lucide-react';

interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The page's card on the dashboard (the dashboard itself has none); `order`: product rules "Screens"'s order of the cards. */
  card?: { order: number; title: string; text: string };
}
export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** The admin sidebar (product rules "Screens" 'Admin area'): the spec's four groups of links plus 'Story' (the author tools). */
export const ADMIN_NAV: AdminNavGroup[] = [
  { label: 'Dashboard', items: [{ to: '/admin', label: 'Dashboard', icon: LayoutDashboard }] },
  {
    label: 'Game Content',
    items: [
      {
        to: '/admin/scenes',
        label: 'Scenarios',
        icon: FileText,
        card: {
          order: 1,
          title: 'Scene Editor',
          text: 'Create and edit scenes, their options and player stats.',
        },
      },
      {
        to: '/admin/news',
        label: 'News Items',
        icon: Newspaper,
        card: {
          order: 9,
          title: 'News Scroller',
          text: 'The news items of the ticker above the game.',
        },
      },
      {
        to: '/admin/random-events',
        label: 'Random Events',
        icon: Dices,
        card: {
          order: 5,
          title: 'Random Events',
          text: 'Surprises that interrupt the adventure every few choices.',
        },
      },
    ],
  },
  {
    label: 'Story',
    items: [
      {
        to: '/admin/story-map',
        label: 'Story Map',
        icon: Network,
        card: {
          order: 2,
          title: 'Story Map',
          text: 'Every scene and link at a glance: broken links, dead ends, play-tests.',
        },
      },
      {
        to: '/admin/analytics',
        label: 'Analytics',
        icon: ChartColumn,
        card: {
          order: 3,
          title: 'Analytics',
          text: 'What players choose, where they stop, which endings they reach.',
        },
      },
      {
        to: '/admin/import-export',
        label: 'Import / Export',
        icon: ArrowDownUp,
        card: {
          order: 4,
          title: 'Import / Export',
          text: 'Download the whole adventure as JSON or Twee 3, or import one after a dry run.',
        },
      },
      {
        to: '/admin/history',
        label: 'History',
        icon: History,
        card: {
          order: 14,
          title: 'History',
          text: 'Restore what was deleted and undo imports of the last 30 days.',
        },
      },
    ],
  },
  {
    label: 'Website',
    items: [
      {
        to: '/admin/homepage-editor',
        label: 'Homepage',
        icon: House,
        card: {
          order: 10,
          title: 'Homepage Editor',
          text: 'Texts of the start screen and its search snippet.',
        },
      },
      {
        to: '/admin/pages',
        label: 'Footer Pages',
        icon: NotebookText,
        card: {
          order: 13,
          title: 'Footer Pages',
          text: 'About, How to Play and Become a Sponsor.',
        },
      },
      {
        to: '/admin/seo-settings',
        label: 'SEO & Scripts',
        icon: Code,
        card: {
          order: 11,
          title: 'SEO & Scripts',
          text: 'Meta tags, Open Graph and custom scripts of the public pages.',
        },
      },
    ],
  },
  {
    label: 'Customization',
    items: [
      {
        to: '/admin/sponsors',
        label: 'Sponsors',
        icon: Handshake,
        card: {
          order: 7,
          title: 'Sponsors',
          text: 'Sponsor logos and links shown beside the game.',
        },
      },
      {
        to: '/admin/advertisements',
        label: 'Advertisements',
        icon: Megaphone,
        card: {
          order: 12,
          title: 'Advertisements',
          text: 'The ads players see before every 5th scene.',
        },
      },
      {
        to: '/admin/consultants',
        label: 'Consultants',
        icon: Users,
        card: {
          order: 8,
          title: 'Consultants',
          text: 'Review, approve and feature SEO consultants.',
        },
      },
      {
        to: '/admin/font-settings',
        label: 'Font Settings',
        icon: Type,
        card: {
          order: 6,
          title: 'Font Settings',
          text: 'Fonts and sizes of scene titles, text and options.',
        },
      },
    ],
  },
];
