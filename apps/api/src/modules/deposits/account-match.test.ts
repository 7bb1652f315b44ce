import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maskedAccount } from '../../../test/masked-account.ts'
import {
  accountMatches,
  holderNameMatches,
  likePattern,
  nameConfirms,
  nameMatches,
  parseSenderAccount,
  sameSenderAccount,
  receiverIsAccount,
  statementAccount,
  statementName,
  windowKey,
} from './account-match.ts'

/** SQL LIKE as PostgreSQL reads it without an ESCAPE clause in use: '%' any run, '_' one character, anchored. */
function sqlLike(value: string, pattern: string): boolean {
  const source = [...pattern].map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')
  return new RegExp(`^${source}$`, 's').test(value)
}

describe('sqlLike (the test emulation)', () => {
  it.each([
    ['1234512340', '%_____1234_', true],
    ['1234512340', '%1234_', true],
    ['1234512340', '%1234', false],
    ['123', '%____', false],
    ['1234567890', '1234567890', true],
    ['1234567890', '123456789', false],
  ])('%s LIKE %s is %s', (value, pattern, expected) => {
    expect(sqlLike(value, pattern)).toBe(expected)
  })
})

describe('parseSenderAccount', () => {
  it.each([
    ['1234567890', { kind: 'full', digits: '1234567890' }],
    ['123-4-56789-0', { kind: 'full', digits: '1234567890' }],
    ['123 4 56789 0', { kind: 'full', digits: '1234567890' }],
    ['123.4.56789.0', { kind: 'full', digits: '1234567890' }],
    [' 020-1-23456-789 ', { kind: 'full', digits: '020123456789' }],
    ['123456789012345', { kind: 'full', digits: '123456789012345' }],
    ['xxx-x-x1234-x', { kind: 'masked', pattern: '_____1234_', visible: 4 }],
    ['XXX-X-X5678-X', { kind: 'masked', pattern: '_____5678_', visible: 4 }],
    ['***1234', { kind: 'masked', pattern: '___1234', visible: 4 }],
    ['x1234', { kind: 'masked', pattern: '_1234', visible: 4 }],
    ['•••-•-•1234-•', { kind: 'masked', pattern: '_____1234_', visible: 4 }],
    ['123-x-xx456-7', { kind: 'masked', pattern: '123___4567', visible: 7 }],
    ['xXx*•1234', { kind: 'masked', pattern: '_____1234', visible: 4 }],
  ] as const)('reads %j', (raw, expected) => {
    expect(parseSenderAccount(raw)).toEqual(expected)
  })

  it.each([
    ['letters', '123-A-56789-0'],
    ['a word', 'acc 1234567890'],
    ['other wildcard characters', '???1234'],
    ['a plus sign', '+661234567890'],
    ['an empty string', ''],
    ['only separators', '- . -'],
    ['a full number of 9 digits', '123456789'],
    ['a full number of 16 digits', '1234567890123456'],
    ['a mask with 3 visible digits', 'xxx-x-xx123-x'],
    ['a mask with 3 visible digits in front', '***123'],
    ['a mask with no digits', 'xxx-x-xxxxx-x'],
    ['a mask longer than any account', 'xxxxxxxxxxxx1234'],
  ])('refuses %s', (_what, raw) => {
    expect(parseSenderAccount(raw)).toBeNull()
  })
})

describe('accountMatches', () => {
  it.each([
    // "xxxxx1234x": the visible 1234 sits at positions 6-9 of 10, so the account reads ?????1234?.
    ['xxx-x-x1234-x', '1234512340', true],
    ['xxx-x-x1234-x', '9999912349', true],
    ['xxx-x-x1234-x', '1234567890', false],
    ['xxx-x-x1234-x', '1111123456', false],
    // A 12-digit account: the mask covers only its last 10 positions.
    ['xxx-x-x1234-x', '991234512340', true],
    ['xxx-x-x1234-x', '912345123409', false],
    ['XXX-X-X5678-X', '0000056789', true],
    ['***1234', '9876541234', true],
    ['***1234', '9876512345', false],
    ['x1234', '1234561234', true],
    ['x1234', '123456789012341', false],
    ['123-x-xx456-7', '1230945678', false],
    ['123-x-xx456-7', '9990004567', false],
    ['123-x-xx456-7', '1230004567', true],
    ['123-4-56789-0', '1234567890', true],
    ['1234567890', '1234567891', false],
    ['1234567890', '01234567890', false],
  ])('%s against %s is %s', (raw, registered, expected) => {
    expect(accountMatches(parseSenderAccount(raw), registered)).toBe(expected)
  })

  it('refuses a mask longer than the account even when its visible digits line up', () => {
    expect(accountMatches(parseSenderAccount('xxxxxxxxxx1234'), '1234567890')).toBe(false)
    expect(accountMatches(parseSenderAccount('xxxxxxx7890'), '1234567890')).toBe(false)
    expect(accountMatches(parseSenderAccount('xxxxxx7890'), '1234567890')).toBe(true)
  })

  it('matches nothing for an unreadable sender or a malformed registered account', () => {
    expect(accountMatches(null, '1234567890')).toBe(false)
    expect(accountMatches(parseSenderAccount('***7890'), '123-4-56789-0')).toBe(false)
    expect(accountMatches(parseSenderAccount('***7890'), '7890')).toBe(false)
  })
})

describe('likePattern', () => {
  it.each([
    ['123-4-56789-0', '1234567890'],
    ['xxx-x-x1234-x', '%_____1234_'],
    ['***1234', '%___1234'],
    ['x1234', '%_1234'],
  ])('gives %s the pattern %s', (raw, pattern) => {
    const parsed = parseSenderAccount(raw)
    expect(parsed).not.toBeNull()
    if (parsed) expect(likePattern(parsed)).toBe(pattern)
  })
})

describe('windowKey', () => {
  it.each([
    ['xxx-x-x2345-x', '014:1:2345'],
    ['***1234', '014:0:1234'],
    ['x1234', '014:0:1234'],
    // The rightmost four visible in a row, wherever the mask shows more.
    ['xx-123456-x', '014:1:3456'],
    ['12345x7x', '014:3:2345'],
  ])('files %s under %s', (raw, key) => {
    const parsed = parseSenderAccount(raw)
    expect(parsed).not.toBeNull()
    if (parsed) expect(windowKey('014', parsed)).toBe(key)
  })

  it('has no key for a full number or a mask without four visible digits in a row', () => {
    for (const raw of ['123-4-56789-0', 'x1x2x3x4x5', '123x456x78x']) {
      const parsed = parseSenderAccount(raw)
      expect(parsed).not.toBeNull()
      if (parsed) expect(windowKey('014', parsed)).toBeNull()
    }
  })
})

describe('account matching properties', () => {
  it('matches every masked rendering of the account, in code and through LIKE', () => {
    fc.assert(
      fc.property(maskedAccount, ({ account, chars, render }) => {
        const parsed = parseSenderAccount(render(chars))
        expect(parsed?.kind).toBe('masked')
        expect(accountMatches(parsed, account)).toBe(true)
        if (parsed) expect(sqlLike(account, likePattern(parsed))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('stops matching when any one visible digit is changed', () => {
    fc.assert(
      fc.property(maskedAccount, fc.nat(), fc.integer({ min: 1, max: 9 }), ({ account, chars, visible, render }, pick, shift) => {
        const at = visible[pick % visible.length] ?? 0
        const changed = [...chars]
        changed[at] = String((Number(account[at]) + shift) % 10)
        const parsed = parseSenderAccount(render(changed))
        expect(accountMatches(parsed, account)).toBe(false)
        if (parsed) expect(sqlLike(account, likePattern(parsed))).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('matches a full account only with itself', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{10,15}$/),
        fc.stringMatching(/^[0-9]{10,15}$/),
        fc.array(fc.constantFrom('', '-', ' ', '.'), { minLength: 16, maxLength: 16 }),
        (account, other, separators) => {
          const parsed = parseSenderAccount([...account].map((d, i) => d + (separators[i] ?? '')).join(''))
          expect(parsed).toEqual({ kind: 'full', digits: account })
          expect(accountMatches(parsed, account)).toBe(true)
          expect(accountMatches(parsed, other)).toBe(other === account)
          if (parsed) expect(sqlLike(other, likePattern(parsed))).toBe(other === account)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('nameMatches', () => {
  it.each([
    // Thai
    ['นาย สมชาย ใจดี', 'สมชาย', 'ใจดี', true],
    ['นายสมชาย ใจดี', 'สมชาย', 'ใจดี', true],
    ['นาย  สมชาย   ใ', 'สมชาย', 'ใจดี', true],
    ['สมชาย ใจ', 'สมชาย', 'ใจดี', true],
    ['นาย สมชาย', 'สมชาย', 'ใจดี', true],
    ['นาย สมช', 'สมชาย', 'ใจดี', true],
    ['นางสาวสมหญิง รักไทย', 'สมหญิง', 'รักไทย', true],
    ['น.ส. สมหญิง ร.', 'สมหญิง', 'รักไทย', true],
    ['น.ส.สมหญิง รักไทย', 'สมหญิง', 'รักไทย', true],
    ['นางสมศรี มีสุข', 'สมศรี', 'มีสุข', true],
    ['ด.ช. ก้อง เก่ง', 'ก้อง', 'เก่งกาจ', true],
    ['ด.ญ.ใบบัว ส', 'ใบบัว', 'สวยงาม', true],
    // "นาง" + "สาวิตรี", not "นางสาว" + "ิตรี"
    ['นางสาวิตรี ดี', 'สาวิตรี', 'ดีงาม', true],
    // A first name that itself begins like a title.
    ['นายนาวา ทะเล', 'นายนาวา', 'ทะเล', true],
    ['นาย สมชาย ใจร้าย', 'สมชาย', 'ใจดี', false],
    ['นาย สมศักดิ์ ใจดี', 'สมชาย', 'ใจดี', false],
    ['นาย ส ใจดี', 'สมชาย', 'ใจดี', false],
    ['นาย สมชายชาญ', 'สมชาย', 'ใจดี', false],
    // sara am precomposed on one side, spelled as nikhahit + sara aa on the other
    ['นาย สำราญ ดี', 'ส\u0e4d\u0e32ราญ', 'ดี', true],
    // English
    ['MR. SOMCHAI JAIDEE', 'Somchai', 'Jaidee', true],
    ['MR SOMCHAI J', 'Somchai', 'Jaidee', true],
    ['Mr.Somchai J.', 'Somchai', 'Jaidee', true],
    ['MRS SOMSRI M', 'Somsri', 'Meesuk', true],
    ['Ms. Somying R', 'Somying', 'Rakthai', true],
    ['MISS SOMYING RAKTHAI', 'Somying', 'Rakthai', true],
    ['SOMCH', 'Somchai', 'Jaidee', true],
    ['  somchai   jaidee.  ', 'SOMCHAI', 'JAIDEE', true],
    ['MR SOMCHAI K', 'Somchai', 'Jaidee', false],
    ['MR S JAIDEE', 'Somchai', 'Jaidee', false],
    ['MR SOMSAK JAIDEE', 'Somchai', 'Jaidee', false],
    ['MISSY JAIDEE', 'Somchai', 'Jaidee', false],
    // English on the statement, Thai at registration: left to the operator's unmatched queue
    ['MR SOMCHAI JAIDEE', 'สมชาย', 'ใจดี', false],
    // Nothing to compare
    ['', 'สมชาย', 'ใจดี', true],
    ['   ', 'สมชาย', 'ใจดี', true],
    ['นาย', 'สมชาย', 'ใจดี', true],
  ])('%j against %s %s is %s', (given, firstname, surname, expected) => {
    expect(nameMatches(given, firstname, surname)).toBe(expected)
  })

  it('matches when no name is given', () => {
    expect(nameMatches(undefined, 'สมชาย', 'ใจดี')).toBe(true)
    expect(nameMatches(null, 'Somchai', 'Jaidee')).toBe(true)
  })
})

describe('nameConfirms', () => {
  it('needs a name that is more than a title, and one that matches', () => {
    expect(nameConfirms(undefined, 'สมชาย', 'ใจดี')).toBe(false)
    expect(nameConfirms(null, 'สมชาย', 'ใจดี')).toBe(false)
    expect(nameConfirms('  ', 'สมชาย', 'ใจดี')).toBe(false)
    expect(nameConfirms('นาย', 'สมชาย', 'ใจดี')).toBe(false)
    expect(nameConfirms('MR.', 'Somchai', 'Jaidee')).toBe(false)
    expect(nameConfirms('นาย สมชาย ใ', 'สมชาย', 'ใจดี')).toBe(true)
    expect(nameConfirms('MR SOMCHAI J', 'Somchai', 'Jaidee')).toBe(true)
    expect(nameConfirms('นาย สมปอง', 'สมชาย', 'ใจดี')).toBe(false)
  })
})

describe('a sender as a statement shows it (issue 34 §2)', () => {
  it.each([
    ['1234567890', 'xxx-x-x6789-x'],
    ['123-4-56789-0', 'xxx-x-x6789-x'],
    ['123456789012', 'xxxxxxx8901x'],
    ['xxx-x-x1234-x', 'xxx-x-x1234-x'],
    ['***1234', '***1234'],
    ['1234', 'xxxx'],
  ])('shows account %s as %s', (raw, shown) => {
    expect(statementAccount(raw)).toBe(shown)
  })

  it('never shows more of a full account than four digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10,15}$/), (account) => {
        expect(statementAccount(account).replace(/\D/g, '').length).toBeLessThanOrEqual(4)
      }),
    )
  })

  it.each([
    ['สมชาย ใจดี', 'สมชาย ใ'],
    ['นาย สมชาย ใจดี', 'นาย สมชาย ใ'],
    ['MR SOMCHAI JAIDEE', 'MR SOMCHAI J'],
    ['สมชาย', 'สมชาย'],
  ])('shows name %s as %s', (name, shown) => {
    expect(statementName(name)).toBe(shown)
  })

  it('has no name to show when the bank sent none', () => {
    expect(statementName(null)).toBeNull()
  })
})

describe('sameSenderAccount (ADR 080: one transfer reported by a notification and by the feed)', () => {
  it('takes two full numbers as one only when equal, and a full number and a mask as accountMatches does', () => {
    expect(sameSenderAccount('0654321987', '065-4-32198-7')).toBe(true)
    expect(sameSenderAccount('0654321987', '0654321988')).toBe(false)
    expect(sameSenderAccount('x654321xxx', '0654321987')).toBe(true)
    expect(sameSenderAccount('0654321987', 'x654321')).toBe(false)
    expect(sameSenderAccount('0654321987', 'xxx4321987')).toBe(true)
  })

  it('takes two masks as one when they show at least four digits in the same places and none differ', () => {
    expect(sameSenderAccount('x654321xxx', 'xxx-x-x2198-x')).toBe(false)
    expect(sameSenderAccount('xxxx321987', 'xxx-x-x2198-x')).toBe(true)
    expect(sameSenderAccount('xxxx321987', 'xxx-x-x2199-x')).toBe(false)
    // Three shared digits say nothing about who it is.
    expect(sameSenderAccount('xxxxxx1987', 'xxxx4x198x')).toBe(false)
  })

  it('never takes an unreadable account for anyone', () => {
    expect(sameSenderAccount('', '0654321987')).toBe(false)
    expect(sameSenderAccount('SOMCHAI', 'SOMCHAI')).toBe(false)
  })
})

describe('holderNameMatches and receiverIsAccount (ADR 079)', () => {
  const ours = { bankCode: '014', accountNumber: '4071234567', accountName: 'บจก. สนาม เดโม', promptpayId: '0899999999' }

  it('takes the holder name whole or cut short, never another name or nothing', () => {
    expect(holderNameMatches('บจก. สนาม เดโม', 'บจก. สนาม เดโม')).toBe(true)
    expect(holderNameMatches('บจก.  สนาม เ', 'บจก. สนาม เดโม')).toBe(true)
    expect(holderNameMatches('บจก สนาม', 'บจก. สนาม เดโม')).toBe(true)
    expect(holderNameMatches('บจก. สนามใหม่', 'บจก. สนาม เดโม')).toBe(false)
    expect(holderNameMatches('สนาม เดโม', 'บจก. สนาม เดโม')).toBe(false)
    expect(holderNameMatches('', 'บจก. สนาม เดโม')).toBe(false)
    expect(holderNameMatches(null, 'บจก. สนาม เดโม')).toBe(false)
  })

  it('finds our account by its number in full or masked with the name, or by its PromptPay id', () => {
    const party = (over: Partial<Parameters<typeof receiverIsAccount>[0]>) => ({ bankCode: '014', account: null, name: null, proxy: null, ...over })
    expect(receiverIsAccount(party({ account: '407-1-23456-7' }), ours)).toBe(true)
    expect(receiverIsAccount(party({ account: 'xxx-x-x3456-x', name: 'บจก. สนาม เ' }), ours)).toBe(true)
    expect(receiverIsAccount(party({ proxy: { type: 'MSISDN', value: 'xxx-xxx-9999' }, name: 'บจก. สนาม เดโม' }), ours)).toBe(true)
    // A mask alone is shared by other accounts of that bank; a name alone says nothing of the account.
    expect(receiverIsAccount(party({ account: 'xxx-x-x3456-x' }), ours)).toBe(false)
    expect(receiverIsAccount(party({ name: 'บจก. สนาม เดโม' }), ours)).toBe(false)
    expect(receiverIsAccount(party({ account: 'xxx-x-x3456-x', name: 'นาย โกง' }), ours)).toBe(false)
    expect(receiverIsAccount(party({ bankCode: '004', account: '4071234567' }), ours)).toBe(false)
    expect(receiverIsAccount(party({ account: '4071234568', name: 'บจก. สนาม เดโม' }), ours)).toBe(false)
  })
})
