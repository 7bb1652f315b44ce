import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.join(import.meta.dirname, '..', '..')

/** Every rule of the player app's stylesheets: its file, its selector and its declarations (comments dropped). */
function rules(): Array<{ file: string; selector: string; declarations: string[] }> {
  const files = (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => name.endsWith('.css'))
  return files.flatMap((file) => {
    const css = readFileSync(path.join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
      file,
      selector: selector!.trim(),
      declarations: body!
        .split(';')
        .map((d) => d.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    }))
  })
}

describe('the player app’s stylesheets', () => {
  it('draw the box in the danger colours (a form’s error, the rules of a time-out) with one rule, in global.css', () => {
    const boxes = rules().filter((rule) => rule.declarations.some((d) => /^background: color-mix\(in srgb, var\(--danger\) \d+%, transparent\)$/.test(d)))
    expect(boxes.map(({ file, selector }) => `${file} ${selector}`)).toEqual([`app${path.sep}styles${path.sep}global.css .danger-note`])
  })
})
