// Routes. Each screen is its own chunk; `/login` loads only the shell and the welcome screen.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths, type FeedTab } from '../config/paths';
import { AppLayout } from './layout/app-layout';
import { AuthCheckPending, RedirectIfSignedIn, RequireAuth } from './guards';
import { RouteError } from './route-error';

/** Every screen gets its own error boundary, so a failure keeps the header and menu. */
const withErrorBoundaries = (children: RouteObject[]): RouteObject[] =>
  children.map((route) => ({ errorElement: <RouteError />, ...route }));

const feedRoute = (tab: FeedTab): RouteObject => ({
  path: paths.feed[tab],
  lazy: async () => {
    const { FeedRoute } = await import('./routes/feed');
    return { element: <RequireAuth><FeedRoute tab={tab} /></RequireAuth> };
  },
});

const profileRoute = (tab: 'chismes' | 'notifications', path: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ProfileRoute } = await import('./routes/profile');
    return { element: <RequireAuth><ProfileRoute initialTab={tab} /></RequireAuth> };
  },
});

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <AuthCheckPending />,
    errorElement: <RouteError />,
    children: withErrorBoundaries([
      { path: paths.home, element: <Navigate to={paths.feed.recent} replace /> },
      { path: '/chismes', element: <Navigate to={paths.feed.recent} replace /> },
      {
        path: paths.login,
        lazy: async () => {
          const { LoginRoute } = await import('./routes/login');
          return { element: <RedirectIfSignedIn><LoginRoute /></RedirectIfSignedIn> };
        },
      },
      feedRoute('recent'),
      feedRoute('trending'),
      feedRoute('top'),
      feedRoute('old'),
      {
        path: paths.chismePattern,
        lazy: async () => {
          const { ChismeRoute } = await import('./routes/chisme');
          return { element: <RequireAuth><ChismeRoute /></RequireAuth> };
        },
      },
      profileRoute('chismes', paths.profile),
      profileRoute('notifications', paths.notifications),
      {
        path: paths.moderation,
        lazy: async () => {
          const { ModerationRoute } = await import('./routes/moderation');
          return { element: <RequireAuth><ModerationRoute /></RequireAuth> };
        },
      },
      { path: '*', element: <Navigate to={paths.feed.recent} replace /> },
    ]),
  },
];
