import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from './copy-text.ts'

/** What `execCommand('copy')` would have put on the clipboard: the selected text of the focused field. */
function stubCopyCommand(result = true) {
  const copied: string[] = []
  const execCommand = vi.fn((command: string) => {
    const field = document.activeElement as HTMLTextAreaElement
    if (command === 'copy') copied.push(field.value.slice(field.selectionStart, field.selectionEnd))
    return result
  })
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
  return { copied, execCommand }
}

/** A secure context has `navigator.clipboard`; plain http has none. */
function setContext(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand')
  Reflect.deleteProperty(navigator, 'clipboard')
})

describe('copyText: one copy helper for every copy button', () => {
  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    setContext({ writeText })
    const { execCommand } = stubCopyCommand()
    expect(await copyText('4071234567')).toBe(true)
    expect(writeText).toHaveBeenCalledWith('4071234567')
    expect(execCommand).not.toHaveBeenCalled()
  })

  it('on plain http (no navigator.clipboard) copies through a selected hidden field, leaving nothing behind and focus where it was', async () => {
    setContext(undefined)
    const { copied } = stubCopyCommand()
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    expect(await copyText('4071234567')).toBe(true)
    expect(copied).toEqual(['4071234567'])
    expect(document.querySelector('textarea')).toBeNull()
    expect(document.activeElement).toBe(button)
    button.remove()
  })

  it('falls back when the clipboard refuses, and answers false when nothing could copy', async () => {
    setContext({ writeText: vi.fn(() => Promise.reject(new Error('denied'))) })
    const { copied } = stubCopyCommand()
    expect(await copyText('https://sanam.lan/register?invite_code=X')).toBe(true)
    expect(copied).toEqual(['https://sanam.lan/register?invite_code=X'])

    stubCopyCommand(false)
    expect(await copyText('x')).toBe(false)
    Reflect.deleteProperty(document, 'execCommand')
    expect(await copyText('x')).toBe(false)
  })
})
