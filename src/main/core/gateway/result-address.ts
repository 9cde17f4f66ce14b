import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { isLoopbackHost } from '@shared/domain/base-url'
import { StudioError } from '@shared/errors'
import { causeCode, type FetchLike } from './http'
import { nodeAgentClass, pinnedLookup, type AgentLike } from './node-agent'

/**
 * Where result downloads (images, videos) may go. A result URL comes from the gateway's answer, so a
 * hostile or compromised gateway could point the studio at this computer or the local network
 * (router pages, cloud metadata, another local service). Rules, checked on every hop:
 *  - https only; plain http only when the profile itself is on loopback (the sandbox) and the target
 *    is this computer on the profile's own port or one the studio runs (the sandbox's gateway and
 *    file server: allowLoopbackResultOrigin), never another local service;
 *  - the host's addresses, after DNS resolution, must be public: loopback, private, link-local,
 *    shared, multicast and reserved ranges are refused, loopback only as above;
 *    NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are judged by the IPv4 address they carry, local-use
 *    NAT64 (64:ff9b:1::/48) is refused; a name that cannot be looked up is refused, not let through;
 *  - at most MAX_RESULT_REDIRECTS redirects, each one checked the same way;
 *  - Node's fetch (the browser host) connects only to the addresses that were checked (`pinTo`), so
 *    a second lookup cannot lead elsewhere (DNS rebinding). Electron's net.request cannot be pinned
 *    (no such option); there the check asks Chromium's own resolver (net.resolveHost, through the
 *    fetch's `resolveHost`), whose cache the request's connection then uses; see docs/ELECTRON.md.
 */
export const MAX_RESULT_REDIRECTS = 5

/** The addresses a host name resolves to (tests inject their own). */
export type Resolve = (host: string) => Promise<string[]>

/**
 * A shell's fetch may bring the resolver its own connections use (Electron: Chromium's, with its
 * cache and secure-DNS settings), so the check judges the answers the fetch will connect with.
 */
export type ResolvingFetch = FetchLike & { resolveHost?: Resolve }

export const defaultResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Not the public internet (IANA special-purpose registries), with a word for the refusal. */
const NON_PUBLIC: Array<[BlockList, string]> = [
  [LOOPBACK, 'a loopback address (this computer)'],
  // 64:ff9b:1::/48 is NAT64 for local use (RFC 8215): where it leads is the local network's choice.
  [
    subnets(
      [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
        ['100.64.0.0', 10],
        ['192.0.0.0', 24],
        ['198.18.0.0', 15]
      ],
      [
        ['fc00::', 7],
        ['64:ff9b:1::', 48]
      ]
    ),
    'a private network address'
  ],
  [subnets([['169.254.0.0', 16]], [['fe80::', 10]]), 'a link-local address'],
  [
    subnets(
      [
        ['0.0.0.0', 8],
        ['224.0.0.0', 4],
        ['240.0.0.0', 4]
      ],
      [
        ['::', 96],
        ['ff00::', 8],
        ['2001:db8::', 32]
      ]
    ),
    'a reserved or multicast address'
  ]
]

function subnets(v4: Array<[string, number]>, v6: Array<[string, number]>): BlockList {
  const list = new BlockList()
  for (const [a, p] of v4) list.addSubnet(a, p, 'ipv4')
  for (const [a, p] of v6) list.addSubnet(a, p, 'ipv6')
  return list
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4'
}

/** The 16 bytes of an IPv6 address (`::` and a dotted IPv4 tail allowed), or null. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null
  let text = address.replace(/%.*$/, '')
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number)
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::')
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : [])
  const hi = words(head)
  const lo = words(rest)
  const all = rest === undefined ? hi : [...hi, ...new Array<number>(8 - hi.length - lo.length).fill(0), ...lo]
  return all.flatMap((w) => [w >> 8, w & 0xff])
}

/**
 * The IPv4 address an IPv6 address stands for, where the prefix says how it is reached: IPv4-mapped
 * (::ffff:0:0/96), NAT64's well-known prefix (64:ff9b::/96, RFC 6052: the last 32 bits) and 6to4
 * (2002::/16, RFC 3056: bits 16 to 48). A NAT64 gateway or 6to4 relay delivers to that IPv4 address,
 * so it is judged as that address.
 */
function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address)
  if (!b) return null
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  const v4 = (i: number) => b.slice(i, i + 4).join('.')
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12)
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2)
  return null
}

function plain(address: string): string {
  return embeddedIpv4(address) ?? address
}

/** Why an address is refused, or null when it may be fetched. */
export function refusalOf(address: string, loopbackProfile: boolean): string | null {
  const a = plain(address)
  if (loopbackProfile && LOOPBACK.check(a, family(a))) return null
  for (const [list, why] of NON_PUBLIC) if (list.check(a, family(a))) return why
  return null
}

function refused(target: URL, message: string, address?: string): StudioError {
  return new StudioError('GATEWAY_ERROR', message, {
    retryable: false,
    details: { reason: 'address-refused', host: target.host, ...(address ? { address } : {}) }
  })
}

/**
 * Loopback origins the studio itself runs, besides a loopback profile's own: the built-in sandbox's
 * gateway and file server (studio-core registers them), and those named in STUDIO_RESULT_ORIGINS.
 * Each call adds one; the returned function removes it.
 */
const studioLoopbackOrigins = new Map<string, number>()

export function allowLoopbackResultOrigin(origin: string): () => void {
  const key = new URL(origin).origin
  studioLoopbackOrigins.set(key, (studioLoopbackOrigins.get(key) ?? 0) + 1)
  let removed = false
  return () => {
    if (removed) return
    removed = true
    const n = (studioLoopbackOrigins.get(key) ?? 1) - 1
    if (n > 0) studioLoopbackOrigins.set(key, n)
    else studioLoopbackOrigins.delete(key)
  }
}

/** Scheme and port: loopback hosts are one computer, whatever name (localhost, 127.0.0.1, [::1]) the address uses. */
function schemePort(u: URL): string {
  return `${u.protocol}${u.port || (u.protocol === 'https:' ? '443' : '80')}`
}

/**
 * Whether a loopback address may be fetched for `target`: only for a loopback profile, and only on
 * the profile's own origin or one the studio runs (the sandbox's), never another local service.
 */
function loopbackAllowed(target: URL, gateway: URL): boolean {
  if (!isLoopbackHost(gateway.hostname)) return false
  const want = schemePort(target)
  if (want === schemePort(gateway)) return true
  for (const origin of studioLoopbackOrigins.keys()) if (schemePort(new URL(origin)) === want) return true
  return false
}

/** Throws a coded refusal naming the address and why, or returns the addresses `target` may be fetched from. */
export async function checkResultAddress(
  target: URL,
  gatewayBaseUrl: string,
  resolve: Resolve = defaultResolve
): Promise<string[]> {
  const gateway = new URL(gatewayBaseUrl)
  const loopbackOk = loopbackAllowed(target, gateway)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const notHttps = () =>
    refused(
      target,
      `The result address ${target.origin} is not https; the studio downloads results only over https (plain http only from this computer, for a gateway on this computer, on its own address or the sandbox's).`
    )
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && loopbackOk)) throw notHttps()
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch (e) {
      // Unjudged is refused: the download's own lookup could get an answer this one did not.
      const code = (e as { code?: unknown } | null)?.code
      throw refused(
        target,
        `The result address ${target.host} could not be looked up${typeof code === 'string' ? ` (${code})` : ''}; the studio downloads results only from addresses it has checked.`
      )
    }
    if (addresses.length === 0)
      throw refused(
        target,
        `The result address ${target.host} resolves to no address; the studio downloads results only from addresses it has checked.`
      )
  }
  for (const address of addresses) {
    // Plain http goes to this computer only, whatever the name says.
    if (target.protocol === 'http:' && !isLoopbackAddress(address)) throw notHttps()
    const why = refusalOf(address, loopbackOk)
    if (why) {
      const where =
        isLoopbackAddress(address) && isLoopbackHost(gateway.hostname)
          ? " (another service on this computer: only the gateway's own address and the sandbox's are allowed)"
          : ''
      throw refused(
        target,
        `The result address ${target.host} resolves to ${address}, ${why}${where}; the studio does not download results from there.`,
        address
      )
    }
  }
  return addresses
}

function isLoopbackAddress(address: string): boolean {
  const a = plain(address)
  return LOOPBACK.check(a, family(a))
}

/**
 * A dispatcher for Node's fetch that connects to the checked addresses only, so a second lookup by
 * the fetch (a DNS answer that changed in between: rebinding) cannot lead elsewhere. TLS still
 * verifies the certificate for the URL's host name. Null where no pin is possible: an IP literal
 * needs none, and a custom global dispatcher (a proxy) is left alone. Electron's net.request ignores
 * the field (docs/ELECTRON.md: what Chromium's resolver does there).
 */
async function pinTo(host: string, addresses: string[]): Promise<AgentLike | null> {
  if (isIP(host)) return null
  const Agent = await nodeAgentClass()
  return Agent ? new Agent({ connect: { lookup: pinnedLookup(addresses) } }) : null
}

/**
 * GET with every hop checked. Redirects are followed by hand (at most MAX_RESULT_REDIRECTS), and
 * only when `follow` is true: a request that carries the key is never redirected anywhere.
 */
export async function fetchResult(
  doFetch: FetchLike,
  url: URL,
  init: RequestInit,
  opts: { gatewayBaseUrl: string; follow: boolean; resolve?: Resolve }
): Promise<Response> {
  let current = url
  for (let hop = 0; ; hop++) {
    const addresses = await checkResultAddress(
      current,
      opts.gatewayBaseUrl,
      opts.resolve ?? (doFetch as ResolvingFetch).resolveHost
    )
    const pin = await pinTo(current.hostname.replace(/^\[|\]$/g, ''), addresses)
    let res: Response
    try {
      res = await doFetch(current.toString(), {
        ...init,
        redirect: 'manual',
        ...(pin ? { dispatcher: pin } : {})
      } as RequestInit)
      // Closing waits for this request, its body included, then frees the pinned connection.
      pin?.close().catch(() => {})
    } catch (e) {
      pin?.destroy().catch(() => {})
      // Chromium (the Electron shell) may refuse a redirect to a scheme it does not follow before the
      // shell sees its Location: the same refusal as the policy's, not a network failure to retry.
      const code = causeCode(e)
      if (code === 'ERR_UNSAFE_REDIRECT' || code === 'ERR_INVALID_REDIRECT')
        throw refused(
          current,
          'The result address redirected to an address that is not http(s) or not a URL; the studio does not download results from there.'
        )
      throw e
    }
    const location = res.headers.get('location')
    if (!opts.follow || ![301, 302, 303, 307, 308].includes(res.status) || location === null) return res
    await res.body?.cancel().catch(() => {})
    if (hop >= MAX_RESULT_REDIRECTS)
      throw refused(
        current,
        `The result address redirected more than ${MAX_RESULT_REDIRECTS} times; the download was stopped.`
      )
    try {
      current = new URL(location, current)
    } catch {
      throw refused(current, 'The result address redirected to something that is not a URL.')
    }
  }
}
