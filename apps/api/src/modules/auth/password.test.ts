import { describe, expect, it } from 'vitest'
import { argon2Hasher, limitedHasher, type PasswordHasher } from './password.ts'

/** A hasher whose every call waits until the test lets it finish, recording which calls have started. */
function heldHasher() {
  const started: string[] = []
  const release: Array<() => void> = []
  const hold = <T>(label: string, value: T) =>
    new Promise<T>((resolve) => {
      started.push(label)
      release.push(() => resolve(value))
    })
  const hasher: PasswordHasher = {
    hash: (password) => hold(`hash:${password}`, `h(${password})`),
    verify: (hash, password) => hold(`verify:${password}`, hash === `h(${password})`),
  }
  return { hasher, started, release }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('password hashing, a limited number at once (ADR 060)', () => {
  it('runs one hash or check at a time; the others wait their turn in order and all get their own answers', async () => {
    const held = heldHasher()
    const limited = limitedHasher(held.hasher, 1)
    const answers = [limited.verify('h(a)', 'a'), limited.hash('b'), limited.verify('h(a)', 'wrong')]
    await settle()
    expect(held.started).toEqual(['verify:a'])
    expect([limited.running(), limited.waiting()]).toEqual([1, 2])

    held.release[0]!()
    await settle()
    expect(held.started).toEqual(['verify:a', 'hash:b'])
    held.release[1]!()
    await settle()
    held.release[2]!()
    await expect(Promise.all(answers)).resolves.toEqual([true, 'h(b)', false])
    expect([limited.running(), limited.waiting()]).toEqual([0, 0])
  })

  it('lets a second run once the first failed', async () => {
    const failing: PasswordHasher = { hash: () => Promise.reject(new Error('out of memory')), verify: async () => true }
    const limited = limitedHasher(failing, 1)
    const [first, second] = [limited.hash('x'), limited.verify('h', 'x')]
    await expect(first).rejects.toThrow('out of memory')
    await expect(second).resolves.toBe(true)
  })

  it('the app’s argon2id hasher checks what it hashed, and refuses another password or a malformed hash', async () => {
    const hash = await argon2Hasher.hash('correct horse')
    expect(hash).toMatch(/^\$argon2id\$/)
    const checks = await Promise.all([argon2Hasher.verify(hash, 'correct horse'), argon2Hasher.verify(hash, 'wrong'), argon2Hasher.verify('not-a-hash', 'x')])
    expect(checks).toEqual([true, false, false])
  })
})
