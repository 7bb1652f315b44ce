// Inline icons: a handful of paths is lighter than an icon library and needs no request. Every icon is its drawing in
// the one outline `icon` gives (24×24, stroked in the text colour, hidden from screen readers); a feature that needs an
// icon of its own draws it with `icon` beside its only user.
import type { ReactNode } from 'react'

/** An icon component drawing `drawing` (the shapes of a 24×24 picture) in the shared outline. */
export function icon(drawing: ReactNode): () => ReactNode {
  return function Icon() {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
        {drawing}
      </svg>
    )
  }
}

export const WrenchIcon = icon(
  <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z" />,
)

export const HourglassIcon = icon(
  <>
    <path d="M6 3h12M6 21h12" />
    <path d="M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />
  </>,
)

export const AlertIcon = icon(
  <>
    <path d="M12 3 2 20h20z" />
    <path d="M12 10v4m0 3v.5" />
  </>,
)

export const PhoneIcon = icon(
  <>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </>,
)

export const LockIcon = icon(
  <>
    <rect x="4.5" y="10.5" width="15" height="10.5" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
)

export const EyeIcon = icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
)

export const EyeOffIcon = icon(
  <>
    <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6M6.6 6.6C3.7 8.5 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
)

export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
)

export const BankIcon = icon(<path d="M3 9.5 12 4l9 5.5M4.5 20.5h15M6 10.5v7M10 10.5v7M14 10.5v7M18 10.5v7" />)

export const TicketIcon = icon(
  <>
    <path d="M3 8.5a2 2 0 0 0 0 4v3.5a1.5 1.5 0 0 0 1.5 1.5h15a1.5 1.5 0 0 0 1.5-1.5v-3.5a2 2 0 0 1 0-4V6a1.5 1.5 0 0 0-1.5-1.5h-15A1.5 1.5 0 0 0 3 6z" />
    <path d="M14 5v2.5M14 11v2M14 16.5V19" />
  </>,
)

export const ShieldIcon = icon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
    <path d="m9 12 2 2 4-4" />
  </>,
)

export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />)

export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />)

export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />)

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
)

export const RefreshIcon = icon(<path d="M20 11a8 8 0 0 0-14.7-4.3L4 8.5M4 4v4.5h4.5M4 13a8 8 0 0 0 14.7 4.3L20 15.5M20 20v-4.5h-4.5" />)

export const LogoutIcon = icon(<path d="M9.5 20.5H6a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2h3.5M16 16.5l4.5-4.5L16 7.5M20.5 12H9.5" />)

export const HistoryIcon = icon(
  <>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.6-6.1L3.5 8.5M3.5 4v4.5H8" />
    <path d="M12 7.5V12l3 2" />
  </>,
)

export const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
  </>,
)

export const HomeIcon = icon(<path d="M3.5 10.5 12 3.5l8.5 7V19a1.5 1.5 0 0 1-1.5 1.5h-4v-6h-6v6H5A1.5 1.5 0 0 1 3.5 19z" />)

export const CoinsIcon = icon(
  <>
    <ellipse cx="9" cy="7" rx="6" ry="3" />
    <path d="M3 7v4c0 1.7 2.7 3 6 3s6-1.3 6-3V7" />
    <path d="M9 17.5c0 1.7 2.7 3 6 3s6-1.3 6-3v-4c0-1.6-2.4-2.9-5.5-3" />
    <path d="M9 13.5v4" />
  </>,
)

export const ChatIcon = icon(
  <>
    <path d="M20.5 11.5c0 4.1-3.8 7.5-8.5 7.5a9.6 9.6 0 0 1-3-.5L4 20.5l1.3-3.9A7 7 0 0 1 3.5 11.5C3.5 7.4 7.3 4 12 4s8.5 3.4 8.5 7.5z" />
    <path d="M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01" />
  </>,
)

export const DepositIcon = icon(
  <>
    <rect x="3" y="6" width="18" height="13" rx="2.5" />
    <path d="M12 2.5v8M9 7.5l3 3 3-3M3 10.5h4M17 10.5h4" />
  </>,
)

export const WithdrawIcon = icon(
  <>
    <rect x="3" y="6" width="18" height="13" rx="2.5" />
    <path d="M12 16V8M9 11l3-3 3 3" />
  </>,
)

export const GiftIcon = icon(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v7.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V12M12 8v13M12 8S10.5 3.5 8 3.5a2.2 2.2 0 0 0 0 4.5zM12 8s1.5-4.5 4-4.5a2.2 2.2 0 0 1 0 4.5z" />
  </>,
)

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />)

export const CheckIcon = icon(<path d="m5 12.5 4.5 4.5L19 7.5" />)

export const FishIcon = icon(
  <>
    <path d="M3 12c3-5 9-6.5 13-3.5L21 5v14l-5-3.5C12 18.5 6 17 3 12z" />
    <path d="M8.5 11h.01" />
  </>,
)

export const FireIcon = icon(<path d="M12 21c-4 0-7-2.7-7-6.5 0-4 3.5-6 4-10 3 1.5 4.5 4 4.5 6.5 1-.5 2-2 2-3.5 2 1.5 3.5 4 3.5 7 0 3.8-3 6.5-7 6.5z" />)

export const GamepadIcon = icon(
  <>
    <path d="M7.5 7h9a5 5 0 0 1 4.9 6l-.8 4a2.5 2.5 0 0 1-4.2 1.2L14 16h-4l-2.4 2.2A2.5 2.5 0 0 1 3.4 17l-.8-4A5 5 0 0 1 7.5 7z" />
    <path d="M8 10v4M6 12h4M15.5 11h.01M17.5 13h.01" />
  </>,
)
