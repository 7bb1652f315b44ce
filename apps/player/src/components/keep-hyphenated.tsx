import type { ReactNode } from 'react'

const words = new Intl.Segmenter('th', { granularity: 'word' })

/**
 * Text whose hyphenated compounds ('ฝาก-ถอน') never break at the hyphen: a line may break before or after the
 * compound, never inside it. Thai has no spaces, so the words on either side are found by the browser's Thai word
 * segmenter. Only the layout changes: the text, and what a screen reader reads, stay as they are.
 */
export function KeepHyphenated({ text }: { text: string }) {
  const parts = Array.from(words.segment(text), (s) => s.segment)
  const out: ReactNode[] = []
  for (let i = 0; i < parts.length; i += 1) {
    const [word, dash, next] = [parts[i], parts[i + 1], parts[i + 2]]
    if (dash === '-' && next !== undefined && word !== '-') {
      out.push(
        <span className="nowrap" key={i}>
          {word}-{next}
        </span>,
      )
      i += 2
    } else out.push(word)
  }
  return <>{out}</>
}
