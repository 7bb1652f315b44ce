/**
 * Who may be one person (ADR 070). An operator who created another or gave it a phone may hold that account (it chose
 * the phone every one-time password of the account goes to), and so may every account that one made in turn: a person
 * is a whole group of operators joined by such changes, never a single account. Two operators of one group never make
 * one four-eyes decision together, however long they wait.
 *
 * A creation or phone change joins for good. A password or authenticator reset and a role change join for
 * RELATED_DAYS only: the resetter learns nothing (the one-time password goes to the operator's own phone) and a
 * promoter gains no account, but a change made within the month is still treated as a tie, as ADR 036 did.
 */

/** One recorded change: `by` changed `operator` (`by` null: set-up, made by no operator). */
export interface OperatorEdge {
  operator: number
  by: number | null
}

/** Changes that join two operators for good. */
export const JOINING_FOR_GOOD = ['create', 'phone_change'] as const
/** Changes that join two operators while recent. */
export const JOINING_WHILE_RECENT = ['password_reset', 'totp_reset', 'role_change'] as const
/** How long a reset or role change joins the operator who made it and the operator it changed. */
export const RELATED_DAYS = 30

/**
 * Whether `a` and `b` are in one group of `edges`: a union of every operator with every operator that changed it. Pure;
 * the edges are the few rows of `operator_changes` (one per creation, reset, role or phone change), read whole.
 */
export function sameGroup(edges: readonly OperatorEdge[], a: number, b: number): boolean {
  if (a === b) return true
  const parent = new Map<number, number>()
  const find = (x: number): number => {
    let root = x
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!
    // Path compression: every node on the way points at the root.
    for (let node = x; node !== root;) {
      const next = parent.get(node)!
      parent.set(node, root)
      node = next
    }
    return root
  }
  for (const edge of edges) {
    if (edge.by === null || edge.by === edge.operator) continue
    const left = find(edge.operator)
    const right = find(edge.by)
    if (left !== right) parent.set(left, right)
  }
  return find(a) === find(b)
}

/** A recorded change with when it was made and whether it joins for good (JOINING_FOR_GOOD). */
export interface TimedEdge extends OperatorEdge {
  at: Date
  forGood: boolean
}

/**
 * Whether `a` and `b` are one group of `edges` now, and until when (ADR 075): undefined when they are not; `{}` when
 * changes that join for good make them one; otherwise `until`, the instant enough of the recent changes joining them
 * have lapsed (each `lapseMs` after it was made, oldest first). Pure, like `sameGroup`.
 */
export function tieUntil(edges: readonly TimedEdge[], a: number, b: number, lapseMs: number): { until?: Date } | undefined {
  if (!sameGroup(edges, a, b)) return undefined
  const lasting = edges.filter((edge) => edge.forGood)
  const recent = edges.filter((edge) => !edge.forGood).sort((x, y) => x.at.getTime() - y.at.getTime())
  for (let lapsed = 1; lapsed <= recent.length; lapsed++) {
    if (!sameGroup([...lasting, ...recent.slice(lapsed)], a, b)) return { until: new Date(recent[lapsed - 1]!.at.getTime() + lapseMs) }
  }
  return {}
}
