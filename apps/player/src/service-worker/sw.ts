// The player app's service worker (issue 21 §5, ADR 050), built by vite-plugin-pwa (injectManifest). It keeps:
// - the app shell: the build's hashed scripts, styles and Kanit faces, precached (a copy is never stale);
// - the last page the server sent (one entry: every route of this single-page app is the same page, with the site
//   settings in it), fetched fresh each time and used only when the network fails or takes over 3 s;
// - the site's images (/media/), refreshed in the background.
// Never an API answer: balances, history and personal data always come from the network.
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

/** The one key the page is kept under, whichever route asked for it. */
const PAGE_KEY = '/'

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'pages',
      networkTimeoutSeconds: 3,
      plugins: [{ cacheKeyWillBeUsed: async () => PAGE_KEY }],
    }),
    { denylist: [/^\/api\//, /^\/backoffice(\/|$)/, /^\/media\//, /^\/play\//] },
  ),
)

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({ cacheName: 'media', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })] }),
)

// A new version waits until the player taps the update prompt, which asks it to take over (workbox-window's
// messageSkipWaiting); the page then reloads into it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
