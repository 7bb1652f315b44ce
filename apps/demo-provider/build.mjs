// Bundles the demo provider into dist/index.js (scripts/bundle-node.mjs), which the API process imports in demo mode
// only (ADR 034), and the game page's script beside it, dist/assets/demo-game.js (script-build.mjs).
import { bundleForNode } from '../../scripts/bundle-node.mjs'
import { buildGameScript } from './script-build.mjs'

await bundleForNode({ entryPoints: { index: 'src/index.ts' } })
await buildGameScript('dist/assets/demo-game.js')
