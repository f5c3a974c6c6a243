import {
  ArrowDownUp,
  ChartColumn,
  Code,
  Dices,
  FileText,
  Handshake,
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

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}
export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** The admin sidebar (spec §2 'Admin area'): the spec's four groups of links plus 'Story' (issue 8's author tools). */
export const ADMIN_NAV: AdminNavGroup[] = [
  { label: 'Dashboard', items: [{ to: '/admin', label: 'Dashboard', icon: LayoutDashboard }] },
  {
    label: 'Game Content',
    items: [
      { to: '/admin/scenes', label: 'Scenarios', icon: FileText },
      { to: '/admin/news', label: 'News Items', icon: Newspaper },
      { to: '/admin/random-events', label: 'Random Events', icon: Dices },
    ],
  },
  {
    label: 'Story',
    items: [
      { to: '/admin/story-map', label: 'Story Map', icon: Network },
      { to: '/admin/analytics', label: 'Analytics', icon: ChartColumn },
      { to: '/admin/import-export', label: 'Import / Export', icon: ArrowDownUp },
    ],
  },
  {
    label: 'Website',
    items: [
      { to: '/admin/homepage-editor', label: 'Homepage', icon: House },
      { to: '/admin/pages', label: 'Footer Pages', icon: NotebookText },
      { to: '/admin/seo-settings', label: 'SEO & Scripts', icon: Code },
    ],
  },
  {
    label: 'Customization',
    items: [
      { to: '/admin/sponsors', label: 'Sponsors', icon: Handshake },
      { to: '/admin/advertisements', label: 'Advertisements', icon: Megaphone },
      { to: '/admin/consultants', label: 'Consultants', icon: Users },
      { to: '/admin/font-settings', label: 'Font Settings', icon: Type },
    ],
  },
];
