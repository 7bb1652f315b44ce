import type { CarePrompt } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from '../../../lib/api-client.ts'

/** `GET /responsible-play/prompt`: the RTS 12 prompt due now (ADR 090), or none; the server decides, once per period. */
export const carePromptKey = ['responsible-play', 'prompt'] as const

export const carePromptQueryOptions = () => freshQueryOptions<CarePrompt>(carePromptKey, '/responsible-play/prompt')

export function useCarePromptQuery(enabled: boolean) {
  return useQuery({ ...carePromptQueryOptions(), enabled })
}
