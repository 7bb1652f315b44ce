// The demo bank feed: sends one signed transfer to POST /api/bank/transfers as a bank API or SMS forwarder would,
// from the account a player registered, so a deposit can be tried without a bank.
//
//   npm run bank:transfer -- --mobile 0812345678 --amount 500 [--url http://localhost:8080] [--name "สมชาย"] [--masked]
//   npm run bank:transfer -- --mobile 0812345678 --amount 500 --slip   (the demo bank transfers and prints the slip)
//
// The secret is BANK_WEBHOOK_SECRET, or the demo secret the server accepts in demo mode when it has none.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { errorCatalogue, isBahtAmount, MAX_BAHT, parseSatang, satangToBaht } from '@sanam/contract'
import { DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'

const USAGE = `Usage: npm run bank:transfer -- --mobile 0812345678 --amount 500 [options]

Sends one signed bank transfer from the player's registered account to the operator account.

  --mobile <phone>   the player's phone number (0[689]xxxxxxxx)
  --amount <baht>    positive, at most 2 decimals, e.g. 500 or 99.50
  --url <url>        the server (default http://localhost:$PORT; without PORT, http://localhost:8080). A server
                     started with PORT=3000 npm start is reached with PORT=3000 npm run bank:transfer -- ...
  --name <text>      the sender name the bank shows (from_name), e.g. "สมชาย ใ"
  --masked           send the sender account masked (xxx-x-x1234-x) as many statements show it (with no --name
                     the transfer is not credited: it waits in the back-office unmatched queue)
  --slip             tell the feed nothing: the demo bank records the transfer and prints its slip's QR text, which
                     the deposit page's "scan or upload the slip" checks with the demo verifier (ADR 079)
  -h, --help         this text

Environment: BANK_WEBHOOK_SECRET (the server's secret; without it the demo secret is used).`

const REQUEST_TIMEOUT_MS = 10_000
/** The port `npm start` serves on when PORT is not set. */
const DEFAULT_PORT = 8080

/** A failure the user can act on: printed without a stack trace, exit code 1 (2 for bad arguments). */
class Problem extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

interface Envelope<T> {
  success: boolean
  data?: T
  message?: string
  code?: string
  errors?: { path: string; message: string }[]
}

interface Options {
  mobile: string
  amount: number
  url: string
  /** Where `url` came from: --url, PORT, or the default port. */
  tried: string
  name: string | undefined
  masked: boolean
  slip: boolean
}

function parseOptions(argv: string[]): Options | null {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        mobile: { type: 'string' },
        amount: { type: 'string' },
        url: { type: 'string' },
        name: { type: 'string' },
        masked: { type: 'boolean', default: false },
        slip: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new Problem(`${(error as Error).message}\n\n${USAGE}`, 2)
  }
  if (values.help) return null

  const problems: string[] = []
  const mobile = values.mobile?.trim() ?? ''
  if (!mobile) problems.push('--mobile is required')
  else if (!/^0[689]\d{8}$/.test(mobile)) problems.push(`--mobile ${JSON.stringify(mobile)} is not a Thai mobile number (10 digits starting 06, 08 or 09)`)

  const amountText = values.amount?.trim() ?? ''
  // Read as decimal text by the contract's codec, then sent as the JSON number the bank feed takes.
  const satang = parseSatang(amountText)
  const amount = satang === null ? NaN : satangToBaht(satang)
  if (!amountText) problems.push('--amount is required')
  else if (!isBahtAmount(amount)) {
    problems.push(`--amount ${JSON.stringify(amountText)} must be a number of baht with at most 2 decimals, up to ${MAX_BAHT.toLocaleString('en-US')}`)
  } else if (amount <= 0) problems.push('--amount must be more than 0')

  const url = (values.url ?? `http://localhost:${process.env.PORT || DEFAULT_PORT}`).replace(/\/+$/, '')
  // Said when nothing answers: where the address came from, so the user knows what to change.
  const tried = values.url
    ? `--url ${url}`
    : process.env.PORT
      ? `PORT=${process.env.PORT} from the environment`
      : `the default port ${DEFAULT_PORT} (PORT is not set)`
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') problems.push(`--url ${url} must be http:// or https://`)
  } catch {
    problems.push(`--url ${JSON.stringify(url)} is not a URL`)
  }

  const name = values.name?.trim() || undefined
  if (problems.length > 0) throw new Problem(`${problems.join('\n')}\n\n${USAGE}`, 2)
  return { mobile, amount, url, tried, name, masked: values.masked, slip: values.slip }
}

/**
 * The account as a statement masks it: every digit hidden but the 4 before the last, e.g. 1234567890 →
 * xxx-x-x6789-x (Thai 10-digit accounts are grouped 3-1-5-1; longer ones are shown without separators).
 */
function maskAccount(account: string): string {
  const visible = account.slice(-5, -1)
  const masked = `${'x'.repeat(account.length - 5)}${visible}x`
  return masked.length === 10 ? `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}` : masked
}

async function call<T>(url: string, tried: string, init: RequestInit = {}): Promise<{ status: number; body: Envelope<T> }> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  } catch (error) {
    // localhost is tried on ::1 and 127.0.0.1: both refusals come as one AggregateError.
    const reason = (error as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause
    const cause = reason && { code: reason.code ?? reason.errors?.[0]?.code }
    const origin = new URL(url).origin
    if (cause?.code === 'ECONNREFUSED') {
      throw new Problem(
        `No server is answering at ${origin} (tried ${tried}). Start it with \`npm start\`, or say where it runs: ` +
          `the PORT it was started with (PORT=3000 npm run bank:transfer -- ...) or --url http://host:port.`,
      )
    }
    if ((error as Error).name === 'TimeoutError') throw new Problem(`The server at ${origin} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s.`)
    throw new Problem(`Could not reach ${origin}: ${cause?.code ?? (error as Error).message}`)
  }
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope<T> }
  } catch {
    throw new Problem(`${url} answered ${response.status} with something that is not the API's JSON: is --url the Sanam server?`)
  }
}

function describeError(status: number, body: Envelope<unknown>): string {
  const fields = body.errors?.map((e) => `  ${e.path || '(body)'}: ${e.message}`).join('\n')
  return `HTTP ${status} ${body.code ?? ''}: ${body.message ?? 'no message'}${fields ? `\n${fields}` : ''}`
}

const baht = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

async function main(argv: string[]): Promise<number> {
  const options = parseOptions(argv)
  if (!options) {
    console.info(USAGE)
    return 0
  }
  const { mobile, amount, url, tried, name, masked } = options
  if (options.slip) return demoBankSlip(options)

  const account = await call<{ bank_code: string; bank_account: string; to_account: string }>(
    `${url}/api/dev/bank-account?mobile=${encodeURIComponent(mobile)}`,
    tried,
  )
  // The route answers its own message for an unknown phone; a route that is not there gets the generic one.
  if (account.status === 404 && account.body.code === 'NOT_FOUND' && account.body.message !== errorCatalogue.NOT_FOUND.message) {
    throw new Problem(`No player is registered with mobile ${mobile} (${account.body.message}).`)
  }
  if (account.status === 404) {
    throw new Problem(
      `${url} has no demo bank feed helper (GET /api/dev/bank-account): it exists only in demo mode (SANAM_MODE=demo), and not with DEMO_BANK_FEED=false.`,
    )
  }
  if (account.status !== 200 || !account.body.data)
    throw new Problem(`Could not read the player's bank account: ${describeError(account.status, account.body)}`)
  const { bank_code: bankCode, bank_account: bankAccount, to_account: toAccount } = account.body.data

  const fromAccount = masked ? maskAccount(bankAccount) : bankAccount
  const transfer = {
    external_id: `demo-${Date.now()}-${randomBytes(4).toString('hex')}`,
    to_account: toAccount,
    from_bank_code: bankCode,
    from_account: fromAccount,
    ...(name !== undefined ? { from_name: name } : {}),
    amount,
    occurred_at: new Date().toISOString(),
  }
  // The signature covers these exact bytes: the body is serialised once and sent as is.
  const raw = JSON.stringify(transfer)
  const secret = process.env.BANK_WEBHOOK_SECRET || DEMO_BANK_WEBHOOK_SECRET
  const feedUrl = `${url}/api/bank/transfers`
  // ADR 015: the signature covers the method, the path, this moment (X-Timestamp) and the body.
  const signed = signatureHeaders(secret, { method: 'POST', path: new URL(feedUrl).pathname, body: raw, now: new Date() })
  const result = await call<{ status: 'MATCHED' | 'UNMATCHED' | 'DUPLICATE'; deposit_id?: number }>(feedUrl, tried, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed },
    body: raw,
  })
  if (result.status === 401 && result.body.code === 'SIGNATURE_EXPIRED') {
    throw new Problem(
      "The server refused the signature as out of date (401 SIGNATURE_EXPIRED): this machine's clock and the server's differ by more than 5 minutes.",
    )
  }
  if (result.status === 401) {
    throw new Problem(
      `The server refused the signature (401 ${result.body.code ?? ''}). The secret used here (${process.env.BANK_WEBHOOK_SECRET ? 'BANK_WEBHOOK_SECRET' : 'the demo secret'}) ` +
        "is not the server's: run this with the same BANK_WEBHOOK_SECRET as the server.",
    )
  }
  if (result.status !== 200 || !result.body.data) throw new Problem(`The bank feed refused the transfer: ${describeError(result.status, result.body)}`)

  const { status, deposit_id: depositId } = result.body.data
  console.info(`Sent ${baht(amount)} baht from bank ${bankCode} account ${fromAccount}${name ? ` (${name})` : ''} to ${toAccount}`)
  console.info(`  reference (external_id): ${transfer.external_id}`)
  console.info(`  deposit id: ${depositId ?? '-'}`)
  if (status === 'MATCHED') console.info(`  status: MATCHED: credited to ${mobile} (เติมเครดิตแล้ว)`)
  else if (status === 'UNMATCHED') console.info('  status: UNMATCHED: no single player matched; it waits in the back-office unmatched queue (รอตรวจสอบ)')
  else console.info('  status: DUPLICATE: this reference was already used for a different transfer; nothing was credited')
  return 0
}

/** --slip: the demo bank makes the transfer (the feed is told nothing) and prints the slip's QR text. */
async function demoBankSlip({ mobile, amount, url, tried }: Options): Promise<number> {
  const made = await call<{ sending_bank: string; reference: string; payload: string; to_account: string }>(`${url}/api/dev/demo-bank/transfers`, tried, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, amount }),
  })
  if (made.status === 404 && made.body.message !== errorCatalogue.NOT_FOUND.message)
    throw new Problem(`No player is registered with mobile ${mobile} (${made.body.message}).`)
  if (made.status === 404)
    throw new Problem(`${url} has no demo bank (POST /api/dev/demo-bank/transfers): it exists only in demo mode, and not with DEMO_BANK_FEED=false.`)
  if (made.status !== 200 || !made.body.data) throw new Problem(`The demo bank refused the transfer: ${describeError(made.status, made.body)}`)
  const { sending_bank: bank, reference, payload, to_account: toAccount } = made.body.data
  console.info(`The demo bank sent ${baht(amount)} baht from ${mobile}'s account (bank ${bank}) to ${toAccount}; the feed was not told.`)
  console.info(`  reference: ${reference}`)
  console.info(`  slip QR text (make a QR code of it, then "อัปโหลดรูปสลิป" on the deposit page):`)
  console.info(payload)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Problem) {
      console.error(error.message)
      process.exit(error.exitCode)
    }
    console.error(error)
    process.exit(1)
  },
)
