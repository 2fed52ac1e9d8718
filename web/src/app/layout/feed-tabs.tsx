// The four feed tabs; the active one is highlighted and choosing one scrolls to the top.
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { feedTabs, paths, type FeedTab } from '../../config/paths';
import { common } from '../../i18n/es/common';

export function FeedTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const activeTab = feedTabs.find((tab) => paths.feed[tab] === location.pathname) ?? null;
  return (
    <Tabs
      value={activeTab}
      onChange={(tab) => {
        if (!tab) return;
        void navigate(paths.feed[tab as FeedTab]);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
      variant="pills"
      radius="xl"
      style={{ overflowX: 'auto' }}
    >
      <Tabs.List aria-label={common.tabsLabel} grow style={{ flexWrap: 'nowrap' }}>
        {feedTabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} px={{ base: 8, sm: 'md' }} fz={{ base: 'xs', sm: 'sm' }}>
            {common.tabs[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
