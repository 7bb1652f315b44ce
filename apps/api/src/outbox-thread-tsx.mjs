// The outbox's thread under tsx (npm run dev, the tests; ADR 101): a worker thread does not take its parent's loader,
// so this registers tsx's in the thread and then loads the TypeScript. The bundle starts dist/outbox-thread.js instead.
import { register } from 'tsx/esm/api'

register()
await import('./outbox-thread.ts')
