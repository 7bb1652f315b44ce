// Bundles the demo provider into dist/index.js (scripts/bundle-node.mjs), which the API process imports in demo mode
// only (ADR 034), and beside it what the game pages load: their script, dist/assets/demo-game.js (script-build.mjs),
// and Kanit, dist/assets/kanit.css and its font files (fonts-build.mjs).
import { bundleForNode } from '../../scripts/bundle-node.mjs'
import { buildPageFonts } from './fonts-build.mjs'
import { buildGameScript } from './script-build.mjs'

await bundleForNode({ entryPoints: { index: 'src/index.ts' } })
await buildGameScript('dist/assets/demo-game.js')
await buildPageFonts('dist/assets')
