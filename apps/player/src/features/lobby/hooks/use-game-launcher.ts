import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { sessionReminderKey } from '../../../lib/session-reminder-query.ts'
import { useLaunchGameMutation } from '../api/launch-game.ts'
import { useOpenProviderLobbyMutation } from '../api/open-provider-lobby.ts'
import { closePopup, openBlankPopup, showGame } from '../launch-window.ts'

/** A game (provider + code) or a provider's own lobby. */
export type LaunchTarget = { kind: 'game'; provider: string; code: string } | { kind: 'lobby'; provider: string }

/**
 * Spec §4 Game launch: `launch(target)` must be called from the click handler (the popup is opened right
 * there); `launching` drives the full-screen 'entering game' overlay until the call returns or the page is
 * visible again. Errors show the server's message, else the generic one (spec §8).
 */
export function useGameLauncher(): { launching: boolean; launch: (target: LaunchTarget) => void } {
  const { showToast } = useToast()
  const queryClient = useQueryClient()
  const [launching, setLaunching] = useState(false)
  const inFlight = useRef(false)
  const { mutateAsync: launchGame } = useLaunchGameMutation()
  const { mutateAsync: openProviderLobby } = useOpenProviderLobbyMutation()

  // The game took over the screen (a tab on a phone) and the player came back: the overlay has done its job.
  useEffect(() => {
    if (!launching) return
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') setLaunching(false)
    }
    document.addEventListener('visibilitychange', handleVisibility)
    return () => document.removeEventListener('visibilitychange', handleVisibility)
  }, [launching])

  const launch = useCallback(
    (target: LaunchTarget) => {
      if (inFlight.current) return
      inFlight.current = true
      const popup = openBlankPopup(window)
      setLaunching(true)
      const call = target.kind === 'game' ? launchGame(target) : openProviderLobby(target)
      call
        .then(({ url }) => {
          showGame(window, popup, url)
        })
        .catch((error: unknown) => {
          closePopup(popup)
          // A session reminder is owed (ADR 048): show it (the reminder over every page reads this key); the player
          // acknowledges it and taps the game again.
          if (error instanceof ApiError && error.code === 'SESSION_REMINDER_DUE') void queryClient.invalidateQueries({ queryKey: sessionReminderKey })
          // A 401 has already ended the session and said so; anything else is this launch's own failure.
          else if (!(error instanceof ApiError && error.status === 401)) showToast({ kind: 'error', text: errorText(error, 'error.generic') })
        })
        .finally(() => {
          inFlight.current = false
          setLaunching(false)
        })
    },
    [launchGame, openProviderLobby, showToast, queryClient],
  )

  return { launching, launch }
}
