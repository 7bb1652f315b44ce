/**
 * The port every game provider adapter implements. An adapter turns a launch into the URL the player opens.
 * Money never moves through the adapter: the provider calls the seamless wallet API
 * (POST /api/seamless/<provider>/<balance|bet|win|rollback>, signed). A studio with another callback format gets
 * its own adapter routes that translate into the same SeamlessService calls.
 */
export interface GameProvider {
  /** Matches `providers.adapter` in the catalogue. */
  readonly name: string
  launchUrl(input: { sessionToken: string; providerCode: string; gameCode: string | null; lang: 'th' | 'en' }): Promise<string>
}

/** The built-in demo provider: plays every catalogue game at /play/<session token> on this server. */
export const demoGameProvider: GameProvider = {
  name: 'demo',
  async launchUrl({ sessionToken, lang }) {
    return `/play/${encodeURIComponent(sessionToken)}?lang=${lang}`
  },
}
