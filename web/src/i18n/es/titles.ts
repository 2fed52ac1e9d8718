// Page titles (<title> and each screen's h1) and the error page texts.
import { chisme } from './chisme';
import { common } from './common';
import { moderation } from './moderation';
import { profile } from './profile';
import { welcome } from './welcome';

export const titles = {
  brand: common.brand,
  login: welcome.title,
  feed: { recent: common.tabs.recent, trending: common.tabs.trending, top: common.tabs.top, old: common.tabs.old },
  profile: profile.myChismes,
  notifications: profile.notifications,
  moderation: moderation.title,
  chisme: chisme.page.title,
  error: {
    title: 'Algo salió mal',
    body: 'No pudimos cargar esta pantalla. Puede que haya una versión nueva de Chismes: recarga la página.',
    reload: 'Recargar',
    home: 'Ir al inicio',
  },
} as const;
