/** Thai vowels written before the consonant they follow in speech: เ แ โ ใ ไ (U+0E40–U+0E44). */
const LEADING_VOWEL = /[\u0E40-\u0E44]/u
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * The letter in the lobby's avatar: the name's first letter, past any Thai leading vowel (ใจดี → จ, เอ → อ, not
 * ใ or เ), in capitals for a Latin name; a dot when the name has no letter to show.
 */
export function avatarInitial(firstname: string): string {
  for (const char of firstname) {
    if (LEADING_VOWEL.test(char) || !LETTER_OR_DIGIT.test(char)) continue
    return char.toUpperCase()
  }
  return '•'
}
