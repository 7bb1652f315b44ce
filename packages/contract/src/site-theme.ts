import { contrastWCAG21, mix, sRGB, serialize, type PlainColorObject } from 'colorjs.io/fn'

/**
 * The player app's text colours and how it derives the rest from the site's two theme colours
 * (apps/player/src/app/styles/global.css, features/site/apply-site-metadata.ts). The back-office refuses a theme whose
 * text the player app could not show readably, and the player app picks its text on the primary fill with the same
 * rule, so the check is the one the page really draws. Colour maths by colorjs.io (WCAG 2.1 contrast, sRGB mixing).
 * Colours are built on the sRGB space object rather than parsed through colorjs's registry, so importing this module
 * registers nothing (no side effect a bundler must keep).
 */
/** WCAG 2.1 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5

/** --text and --text-muted: what the player app writes on the background. */
export const PLAYER_TEXT = '#f6f3ea'
export const PLAYER_TEXT_MUTED = '#b9b5c6'
/** --on-primary: dark text on a light primary fill, white on a dark one. */
export const ON_PRIMARY_DARK = '#17130a'
export const ON_PRIMARY_LIGHT = '#ffffff'
/** --primary-text: the primary lifted with this much white, written as text (links, amounts) on the background. */
const PRIMARY_TEXT_WHITE = 0.22

/** A `#rrggbb` colour (the contract's schemas accept nothing else). */
const srgb = (hex: string): PlainColorObject => ({
  space: sRGB,
  coords: [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number],
  alpha: 1,
})
const hex = (color: PlainColorObject) => serialize(color, { format: 'hex', collapse: false })

/** The text colour on a `primary` fill: whichever of the two reads better (the player app sets --on-primary to it). */
export function onPrimaryText(primary: string): string {
  return contrastWCAG21(srgb(primary), srgb(ON_PRIMARY_DARK)) >= contrastWCAG21(srgb(primary), srgb(ON_PRIMARY_LIGHT)) ? ON_PRIMARY_DARK : ON_PRIMARY_LIGHT
}

/** --primary-text for a primary: `color-mix(in srgb, primary, #fff 22%)`. */
export function primaryAsText(primary: string): string {
  return hex(mix(srgb(primary), srgb('#ffffff'), PRIMARY_TEXT_WHITE, { space: sRGB, outputSpace: sRGB }) as PlainColorObject)
}

export type ThemePair = 'text' | 'text_muted' | 'primary_text' | 'on_primary'

/** Where each pair is drawn, in the back-office's words. */
export const THEME_PAIR_LABEL: Record<ThemePair, string> = {
  text: 'ตัวอักษรบนสีพื้นหลัง',
  text_muted: 'ตัวอักษรรองบนสีพื้นหลัง',
  primary_text: 'ตัวอักษรสีหลักบนสีพื้นหลัง',
  on_primary: 'ตัวอักษรบนปุ่มสีหลัก',
}

export interface ThemeContrast {
  pair: ThemePair
  foreground: string
  background: string
  ratio: number
}

/** Every text-on-colour pair the player app draws with these theme colours, with its WCAG 2.1 contrast ratio. */
export function themeContrasts(theme: { primary: string; background: string }): ThemeContrast[] {
  const pair = (name: ThemePair, foreground: string, background: string): ThemeContrast => ({
    pair: name,
    foreground,
    background,
    ratio: contrastWCAG21(srgb(foreground), srgb(background)),
  })
  return [
    pair('text', PLAYER_TEXT, theme.background),
    pair('text_muted', PLAYER_TEXT_MUTED, theme.background),
    pair('primary_text', primaryAsText(theme.primary), theme.background),
    pair('on_primary', onPrimaryText(theme.primary), theme.primary),
  ]
}

/**
 * A ratio as the refusal shows it: rounded down to one decimal, so a 4.49 never reads as the 4.5 it fails to reach.
 */
export const formatContrast = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`

/** The Thai refusal of one pair below AA, e.g. 'ตัวอักษรบนปุ่มสีหลัก: อัตราส่วนคอนทราสต์ 2.1:1 ต่ำกว่า 4.5:1'. */
export function contrastRefusal(check: ThemeContrast): string {
  return `${THEME_PAIR_LABEL[check.pair]}: อัตราส่วนคอนทราสต์ ${formatContrast(check.ratio)} ต่ำกว่า ${formatContrast(MIN_TEXT_CONTRAST)}`
}

/** The pairs below WCAG AA, worst first (empty when the theme reads well everywhere). */
export function failingContrasts(theme: { primary: string; background: string }): ThemeContrast[] {
  return themeContrasts(theme)
    .filter((check) => check.ratio < MIN_TEXT_CONTRAST)
    .sort((a, b) => a.ratio - b.ratio)
}
