import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { isLoopbackHost } from '@shared/domain/base-url'
import { StudioError } from '@shared/errors'
import { causeCode, type FetchLike } from './http'

/**
 * Where result downloads (images, videos) may go. A result URL comes from the gateway's answer, so a
 * hostile or compromised gateway could point the studio at this computer or the local network
 * (router pages, cloud metadata, another local service). Rules, checked on every hop:
 *  - https only; plain http only when the profile itself is on loopback (the sandbox) and so is the target;
 *  - the host's addresses, after DNS resolution, must be public: loopback, private, link-local,
 *    shared, multicast and reserved ranges are refused, loopback again only for a loopback profile;
 *  - at most MAX_RESULT_REDIRECTS redirects, each one checked the same way.
 */
export const MAX_RESULT_REDIRECTS = 5

/** The addresses a host name resolves to (tests inject their own). */
export type Resolve = (host: string) => Promise<string[]>

export const defaultResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Not the public internet (IANA special-purpose registries), with a word for the refusal. */
const NON_PUBLIC: Array<[BlockList, string]> = [
  [LOOPBACK, 'a loopback address (this computer)'],
  [subnets([['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10], ['192.0.0.0', 24], ['198.18.0.0', 15]], [['fc00::', 7]]), 'a private network address'],
  [subnets([['169.254.0.0', 16]], [['fe80::', 10]]), 'a link-local address'],
  [subnets([['0.0.0.0', 8], ['224.0.0.0', 4], ['240.0.0.0', 4]], [['::', 128], ['ff00::', 8], ['2001:db8::', 32]]), 'a reserved or multicast address']
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

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function plain(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return m ? m[1] : address
}

/** Why an address is refused, or null when it may be fetched. */
export function refusalOf(address: string, loopbackProfile: boolean): string | null {
  const a = plain(address)
  if (loopbackProfile && LOOPBACK.check(a, family(a))) return null
  for (const [list, why] of NON_PUBLIC) if (list.check(a, family(a))) return why
  return null
}

function refused(target: URL, message: string, address?: string): StudioError {
  return new StudioError('GATEWAY_ERROR', message, { retryable: false, details: { reason: 'address-refused', host: target.host, ...(address ? { address } : {}) } })
}

/** Throws a coded refusal naming the address and why, or returns when `target` may be fetched. */
export async function checkResultAddress(target: URL, gatewayBaseUrl: string, resolve: Resolve = defaultResolve): Promise<void> {
  const loopbackProfile = isLoopbackHost(new URL(gatewayBaseUrl).hostname)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && loopbackProfile && isLoopbackHost(host))) {
    throw refused(target, `The result address ${target.origin} is not https; the studio downloads results only over https (plain http only from this computer, for a gateway on this computer).`)
  }
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      // A name that does not resolve here is not an address to judge; the download's own lookup fails the same way.
      return
    }
  }
  for (const address of addresses) {
    const why = refusalOf(address, loopbackProfile)
    if (why) throw refused(target, `The result address ${target.host} resolves to ${address}, ${why}; the studio does not download results from there.`, address)
  }
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
    await checkResultAddress(current, opts.gatewayBaseUrl, opts.resolve)
    let res: Response
    try {
      res = await doFetch(current.toString(), { ...init, redirect: 'manual' })
    } catch (e) {
      // Chromium (the Electron shell) may refuse a redirect to a scheme it does not follow before the
      // shell sees its Location: the same refusal as the policy's, not a network failure to retry.
      const code = causeCode(e)
      if (code === 'ERR_UNSAFE_REDIRECT' || code === 'ERR_INVALID_REDIRECT') throw refused(current, 'The result address redirected to an address that is not http(s) or not a URL; the studio does not download results from there.')
      throw e
    }
    const location = res.headers.get('location')
    if (!opts.follow || ![301, 302, 303, 307, 308].includes(res.status) || location === null) return res
    await res.body?.cancel().catch(() => {})
    if (hop >= MAX_RESULT_REDIRECTS) throw refused(current, `The result address redirected more than ${MAX_RESULT_REDIRECTS} times; the download was stopped.`)
    try {
      current = new URL(location, current)
    } catch {
      throw refused(current, 'The result address redirected to something that is not a URL.')
    }
  }
}
