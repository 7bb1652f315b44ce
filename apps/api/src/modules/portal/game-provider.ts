/**
 * The port every game provider adapter implements. An adapter turns a launch into the URL the player opens.
 * Money never moves through the adapter: the provider calls the seamless wallet API
 * (POST /api/seamless/<provider>/<balance|bet|win|rollback>, signed). A studio with another callback format gets
 * its own adapter routes that translate into the same SeamlessService calls. The built-in demo provider's adapter
 * comes with its package (apps/demo-provider, ADR 034), in demo mode only.
 */
export interface GameProvider {
  /** Matches `providers.adapter` in the catalogue. */
  readonly name: string
  launchUrl(input: { sessionToken: string; providerCode: string; gameCode: string | null; lang: 'th' | 'en' }): Promise<string>
}
