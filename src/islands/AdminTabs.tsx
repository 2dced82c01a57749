// Radix tabs for the static admin screens: the island only switches tabs; each panel's content is
// prerendered Astro markup passed in as a named slot (slot name = tab value).
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';

export interface AdminTab {
  value: string;
  label: string;
}

interface AdminTabsProps {
  tabs: AdminTab[];
  /** Accessible name of the tab list. */
  label: string;
  defaultValue?: string;
  [slot: string]: unknown;
}

export default function AdminTabs({ tabs, label, defaultValue, ...slots }: AdminTabsProps) {
  return (
    <Tabs defaultValue={defaultValue ?? tabs[0]?.value}>
      <TabsList aria-label={label} className="h-auto">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        // forceMount keeps every panel in the prerendered HTML; inactive ones are hidden by CSS.
        <TabsContent key={tab.value} value={tab.value} forceMount className="data-[state=inactive]:hidden">
          {slots[tab.value] as ReactNode}
        </TabsContent>
      ))}
    </Tabs>
  );
}
