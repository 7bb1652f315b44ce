import type { AnswerCarePromptBody, CarePrompt } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { carePromptKey } from './get-care-prompt.ts'

/** `POST /responsible-play/prompt/answer`: the answer, recorded with its time; answers the next prompt (or none). */
export function answerCarePrompt(body: AnswerCarePromptBody): Promise<ApiAnswer<CarePrompt>> {
  return apiAnswer<CarePrompt>('/responsible-play/prompt/answer', { method: 'POST', body })
}

export function useAnswerCarePrompt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: answerCarePrompt,
    onSuccess: (answer) => queryClient.setQueryData(carePromptKey, answer.data),
  })
}
