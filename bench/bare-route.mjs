// A bare Fastify route as a server of its own, for npm run bench's second bare-route baseline (bench/README.md): one
// route that answers a fixed envelope, no logger, in a process started with `npm start`'s Node flags, so that it
// answers the load generator from another process as the product's server does. It says its port over IPC.
import Fastify from 'fastify'

const bare = Fastify({ logger: false })
bare.get('/bare', async () => ({ success: true, data: { ok: true } }))
await bare.listen({ port: 0, host: '127.0.0.1' })
process.send?.({ port: bare.server.address().port })
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)))
