import type { AnswerCarePromptBody } from '@sanam/contract'
import '../responsible-play.css'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { useAnswerCarePrompt } from '../api/answer-care-prompt.ts'
import { useCarePromptQuery } from '../api/get-care-prompt.ts'
import { LimitPrompt } from './limit-prompt.tsx'
import { ReviewPrompt } from './review-prompt.tsx'

/**
 * The RTS 12 prompts (issue 39 §3, ADR 090), a card at the top of the lobby and of the deposit page: a deposit limit
 * asked at registration (before the first deposit) and every year while the player has none, and the review of their
 * own account and spending every 6 months (or the 1 or 3 they choose). The server decides which one is due and
 * records every answer with its time. A card, not a dialog: it asks without standing in the way of anything.
 */
export function CarePrompt() {
  const prompt = useCarePromptQuery(true).data?.prompt ?? null
  const answer = useAnswerCarePrompt()
  const { showToast } = useToast()
  if (!prompt) return null
  const send = (body: AnswerCarePromptBody) =>
    answer.mutate(body, {
      onSuccess: (answered) => answered.message && showToast({ kind: 'success', text: answered.message }),
      onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }),
    })
  return prompt.kind === 'ACCOUNT_REVIEW' ? (
    <ReviewPrompt prompt={prompt} busy={answer.isPending} onAnswer={send} />
  ) : (
    <LimitPrompt kind={prompt.kind} busy={answer.isPending} onAnswer={send} />
  )
}
