/** The success envelope. */
export function ok<T>(data: T, message?: string): { success: true; data: T; message?: string } {
  return message === undefined ? { success: true, data } : { success: true, data, message }
}

/** A success that carries only a message. */
export function done(message: string): { success: true; data: null; message: string } {
  return { success: true, data: null, message }
}

/** A route's `:id` as a number: its contract's `idParams` has checked that it is one. */
export const pathId = (params: { id: string }) => Number(params.id)
