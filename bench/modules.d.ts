// Types for what bench/growth.ts uses from autocannon (it ships none) and from bench/server.mjs.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      setupRequest?: (req: Request) => Request & { headers?: Record<string, string>; body?: string }
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      requests?: Request[]
    }
    interface Result {
      requests: { average: number }
      latency: { p50: number; p99: number }
      errors: number
      non2xx: number
    }
  }
  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): void
  export default autocannon
}

declare module '*/server.mjs' {
  export const root: string
  export function requireBuilt(...parts: string[]): void
  export function startSanam(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>
}
