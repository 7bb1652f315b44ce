// Certificates for a mutual-TLS test double (KBank, ADR 084), made at test time with the openssl command line:
// nothing is kept in the repository, so no key can leak from it or trip a secret scan. A CA signs the fake server's
// certificate (for 127.0.0.1) and the client certificate the adapter presents; a second CA signs a stranger's client
// certificate, which the fake server must refuse. EC P-256 keys, valid one day, in a temporary folder removed at once.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface KeyPair {
  key: string
  cert: string
}

export interface TestPki {
  /** The CA that signed `server` and `client`. */
  ca: string
  server: KeyPair
  client: KeyPair
  /** A client certificate signed by another CA. */
  stranger: KeyPair
}

export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanam-test-pki-'))
  const file = (name: string) => path.join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  const ca = (name: string) =>
    openssl('req', '-x509', ...ecKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`), '-days', '1', '-subj', `/CN=${name}`)
  const leaf = (name: string, signer: string, extensions: string) => {
    openssl('req', ...ecKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${name}`)
    writeFileSync(file(`${name}.ext`), extensions)
    const signedBy = ['-CA', file(`${signer}.crt`), '-CAkey', file(`${signer}.key`), '-CAcreateserial']
    openssl('x509', '-req', '-in', file(`${name}.csr`), ...signedBy, '-days', '1', '-out', file(`${name}.crt`), '-extfile', file(`${name}.ext`))
    return { key: readFileSync(file(`${name}.key`), 'utf8'), cert: readFileSync(file(`${name}.crt`), 'utf8') }
  }
  try {
    ca('sanam-test-ca')
    ca('stranger-test-ca')
    return {
      ca: readFileSync(file('sanam-test-ca.crt'), 'utf8'),
      server: leaf('fake-bank-server', 'sanam-test-ca', 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n'),
      client: leaf('sanam-test-client', 'sanam-test-ca', 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n'),
      stranger: leaf('stranger-client', 'stranger-test-ca', 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
