import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The security headers of every answer (helmet): a CSP that runs only our own scripts and is framed by nobody, and the
 * rest. One object, so the demo provider's tests check its pages under the very policy the app serves them with.
 */
export const securityHeaders: HelmetOptions = {
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

/**
 * Puts the security headers on every answer `app` gives, from helmet's middleware built once. (@fastify/helmet 13
 * builds that middleware again on every request, parsing the CSP each time: 4 % of the CPU of a balance read under
 * load, issue 22 §1.) An `onRequest` hook, so refusals and not-found answers carry them too.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions = securityHeaders): void {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (error) => done(error as Error | undefined)))
}
