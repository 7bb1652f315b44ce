// The largest React component stays under about 150 lines (issue 35 §3): past that a screen is several jobs in one
// function, and the next change to it is a guess. A component is a function (declared or arrow) whose name starts
// with a capital letter, in the apps' and packages' .tsx sources; tests are left out.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MAX_LINES = 150

function sources(dir) {
  const found = []
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist'].includes(entry.name)) continue
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...sources(file))
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) found.push(file)
  }
  return found
}

/** Every component of `file` with its first line and its length in lines. */
export function components(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found = []
  const visit = (node) => {
    let name
    if (ts.isFunctionDeclaration(node) && node.name) name = node.name.text
    const init = ts.isVariableDeclaration(node) ? node.initializer : undefined
    if (init && ts.isIdentifier(node.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) name = node.name.text
    if (name && /^[A-Z]/.test(name)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({ name, line: first + 1, lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

it('measures a component from its first line to its last', () => {
  const text = 'export function Small() {\n  return <p />\n}\nconst Arrow = () => (\n  <div>\n  </div>\n)\nfunction helper() {}\n'
  expect(components('x.tsx', text)).toEqual([
    { name: 'Small', line: 1, lines: 3 },
    { name: 'Arrow', line: 4, lines: 4 },
  ])
})

it(`keeps every React component of the apps under ${MAX_LINES} lines`, () => {
  const files = ['apps', 'packages'].flatMap((dir) => sources(dir))
  expect(files.length).toBeGreaterThan(50)
  const tooLong = files.flatMap((file) =>
    components(file, readFileSync(path.join(root, file), 'utf8'))
      .filter((c) => c.lines > MAX_LINES)
      .map((c) => `${file}:${c.line} ${c.name} (${c.lines} lines)`),
  )
  expect(tooLong).toEqual([])
})
