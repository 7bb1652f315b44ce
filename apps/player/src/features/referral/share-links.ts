/** The invite link: this app's own register page with the code (spec §2 Register reads `invite_code`). */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin}/register?invite_code=${encodeURIComponent(inviteCode)}`
}

export type ShareTarget = 'LINE' | 'Telegram' | 'Facebook'

/** Each network's public share page for `link` with `text` (spec §7: opened in a new window). */
export function shareUrl(target: ShareTarget, link: string, text: string): string {
  const url = encodeURIComponent(link)
  switch (target) {
    case 'LINE':
      return `https://social-plugins.line.me/lineit/share?url=${url}&text=${encodeURIComponent(text)}`
    case 'Telegram':
      return `https://t.me/share/url?url=${url}&text=${encodeURIComponent(text)}`
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`
  }
}
