// Bundles the API server into dist/server.js (ADR 005; scripts/bundle-node.mjs). The demo provider stays out (ADR 034):
// a workspace of its own that server.js imports from its own bundle, in demo mode only.
import { cpSync } from 'node:fs'
import path from 'node:path'
import { bundleForNode } from '../../scripts/bundle-node.mjs'

const result = await bundleForNode({ entryPoints: { server: 'src/server.ts' }, external: ['@sanam/demo-provider'] })
// The real-money bundle carries none of the demo provider's code: fail the build if any of its files got in.
// (The metafile's paths are relative to this folder.)
const demoDir = path.resolve('../demo-provider') + path.sep
const demoFiles = Object.keys(result.metafile.inputs).filter((file) => path.resolve(file).startsWith(demoDir))
if (demoFiles.length > 0) throw new Error(`dist/server.js must not bundle the demo provider (ADR 034): ${demoFiles.join(', ')}`)
cpSync('src/db/migrations', 'dist/migrations', { recursive: true })
