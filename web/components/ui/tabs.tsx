import { Tabs as TabsPrimitive } from 'radix-ui';
import { slotted } from './slotted.tsx';

/** Tabbed panels (Radix Tabs: arrow keys move between tabs). */
export const Tabs = slotted(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-3');

/** The row of tab buttons. */
export const TabsList = slotted(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex w-full items-center justify-center gap-1 rounded-lg border border-border bg-muted p-1',
);

/** One tab button. */
export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex flex-1 cursor-pointer items-center justify-center rounded-md px-3 py-1 text-xl text-muted-foreground transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground',
);

/** The panel shown for one tab. */
export const TabsContent = slotted(TabsPrimitive.Content, 'tabs-content', 'flex-1');
