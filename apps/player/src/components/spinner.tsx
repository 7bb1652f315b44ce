/** A small turning ring; decorative, so whatever shows it also says in words what is happening. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
}
