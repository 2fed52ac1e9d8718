import './app/mantine-styles';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarlyFeed } from './app/early-feed';
import { registerServiceWorker } from './app/service-worker';
import { installStaleChunkReload } from './lib/stale-chunk';

installStaleChunkReload();
startEarlyFeed();
void registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
