/**
 * How the lobby keeps the catalogue fresh (issue 20 §2): a provider or game an operator puts in maintenance shows dimmed
 * within seconds. An answer is reused for 5 s; after that opening the lobby again or coming back to the tab asks the
 * server, which answers from its own memory or with an empty 304 when nothing changed.
 */
export const catalogueFreshness = { staleTime: 5_000, refetchOnWindowFocus: true } as const
