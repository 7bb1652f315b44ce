import type { FastifyHelmetOptions } from '@fastify/helmet'

/**
 * The security headers of every answer (helmet): a CSP that runs only our own scripts and is framed by nobody, and the
 * rest. One object, so the demo provider's tests check its pages under the very policy the app serves them with.
 */
export const securityHeaders: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The game launcher opens provider pages in a popup, which must keep its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Older browsers' word for frame-ancestors 'none'.
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false, // set per answer, only over HTTPS (app.ts's onSend hook)
}
