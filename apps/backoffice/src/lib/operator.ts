import { mayOperator, type OperatorMe } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { get } from './api.ts'
import { getToken, onTokenChange } from './session.ts'

/** The session token, re-read whenever it is set or cleared. */
export const useToken = () => useSyncExternalStore(onTokenChange, getToken)

/** The signed-in operator (GET /backoffice/me), or undefined while there is none or it loads. */
export function useOperator() {
  const token = useToken()
  return useQuery({ queryKey: ['me', token], queryFn: () => get<OperatorMe>('/backoffice/me'), enabled: token !== null, staleTime: 60_000 })
}

export type Role = OperatorMe['role']
/** Who may decide money: the contract's permission table (ADR 036; the server checks too). */
export const movesMoney = (role: Role | undefined) => mayOperator(role, 'money.decide')
