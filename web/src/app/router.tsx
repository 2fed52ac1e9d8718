// Routes. The feed, where every signed-in visit lands, is in the entry chunk: lazy, it came as
// about 20 small chunks after the entry (web/README.md, "First load"). Every other screen is its
// own chunk, loaded when it is opened.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths, type FeedTab } from '../config/paths';
import { AppLayout } from './layout/app-layout';
import { AuthCheckPending, RedirectIfSignedIn, RequireAuth } from './guards';
import { RouteError } from './route-error';
import { FeedRoute } from './routes/feed';

/**
 * A screen's chunk, loaded lazily. When the import fails (a chunk gone after a deploy), the
 * error becomes the route's own error through a loader: React Router keeps a rejected `lazy`
 * pending on a first load and renders nothing, so the error page would never show.
 */
function lazyScreen(load: () => Promise<Pick<RouteObject, 'element'>>): () => Promise<Pick<RouteObject, 'element' | 'loader'>> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return {
        element: null,
        loader: () => {
          throw error;
        },
      };
    }
  };
}

/** Every screen gets its own error boundary, so a failure keeps the header and menu. */
const withErrorBoundaries = (children: RouteObject[]): RouteObject[] => children.map((route) => ({ errorElement: <RouteError />, ...route }));

const feedRoute = (tab: FeedTab): RouteObject => ({
  path: paths.feed[tab],
  element: (
    <RequireAuth>
      <FeedRoute tab={tab} />
    </RequireAuth>
  ),
});

const profileRoute = (tab: 'chismes' | 'notifications', path: string): RouteObject => ({
  path,
  lazy: lazyScreen(async () => {
    const { ProfileRoute } = await import('./routes/profile');
    return {
      element: (
        <RequireAuth>
          <ProfileRoute initialTab={tab} />
        </RequireAuth>
      ),
    };
  }),
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
        lazy: lazyScreen(async () => {
          const { LoginRoute } = await import('./routes/login');
          return {
            element: (
              <RedirectIfSignedIn>
                <LoginRoute />
              </RedirectIfSignedIn>
            ),
          };
        }),
      },
      {
        path: paths.newPassword,
        lazy: lazyScreen(async () => {
          const { NewPasswordRoute } = await import('./routes/new-password');
          return { element: <NewPasswordRoute /> };
        }),
      },
      feedRoute('recent'),
      feedRoute('trending'),
      feedRoute('top'),
      feedRoute('old'),
      {
        path: paths.chismePattern,
        lazy: async () => {
          const { ChismeRoute } = await import('./routes/chisme');
          return {
            element: (
              <RequireAuth>
                <ChismeRoute />
              </RequireAuth>
            ),
          };
        },
      },
      profileRoute('chismes', paths.profile),
      profileRoute('notifications', paths.notifications),
      {
        path: paths.moderation,
        lazy: lazyScreen(async () => {
          const { ModerationRoute } = await import('./routes/moderation');
          return {
            element: (
              <RequireAuth>
                <ModerationRoute />
              </RequireAuth>
            ),
          };
        }),
      },
      {
        path: paths.decisions,
        lazy: lazyScreen(async () => {
          const { DecisionsRoute } = await import('./routes/decisions');
          return {
            element: (
              <RequireAuth>
                <DecisionsRoute />
              </RequireAuth>
            ),
          };
        }),
      },
      {
        // public: the transparency report and the terms are read signed out too
        path: paths.transparency,
        lazy: lazyScreen(async () => {
          const { TransparencyRoute } = await import('./routes/transparency');
          return { element: <TransparencyRoute /> };
        }),
      },
      {
        path: paths.terms,
        lazy: lazyScreen(async () => {
          const { TermsRoute } = await import('./routes/terms');
          return { element: <TermsRoute /> };
        }),
      },
      {
        // public: a signed-out person's notice of a shared link, and its confirmation
        path: paths.noticePattern,
        lazy: lazyScreen(async () => {
          const { NoticeRoute } = await import('./routes/notice');
          return { element: <NoticeRoute /> };
        }),
      },
      {
        path: paths.noticeConfirm,
        lazy: lazyScreen(async () => {
          const { NoticeConfirmRoute } = await import('./routes/notice-confirm');
          return { element: <NoticeConfirmRoute /> };
        }),
      },
      { path: '*', element: <Navigate to={paths.feed.recent} replace /> },
    ]),
  },
];
