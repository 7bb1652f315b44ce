import { mayOperator, type OperatorRole } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { currentOperatorQueryOptions } from './api/get-current-operator.ts'
import { getToken, onTokenChange } from './session.ts'

/** The session token, re-read whenever it is set or cleared. */
export const useToken = () => useSyncExternalStore(onTokenChange, getToken)

/** The signed-in operator (GET /backoffice/me), or undefined while there is none or it loads. */
export function useOperator() {
  return useQuery(currentOperatorQueryOptions(useToken()))
}

export type Role = OperatorRole
/** Who may decide money: the contract's permission table (ADR 036; the server checks too). */
export const movesMoney = (role: Role | undefined) => mayOperator(role, 'money.decide')
