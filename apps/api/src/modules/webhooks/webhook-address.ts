/**
 * Which addresses a webhook may reach (docs/webhooks.md, "Safety"): never loopback, private,
 * link-local (cloud metadata included), CGNAT, multicast or reserved ones, unless the operator sets
 * `WEBHOOK_ALLOW_PRIVATE=true`. The host name is resolved and every address it answers is checked,
 * when the hook is saved and again for each request, whose connection uses the address checked
 * (a name re-pointed after the check is never followed).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { AppError, fieldError } from "../../lib/app-error";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, 169.254.169.254 metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: may wrap any IPv4 address
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local (fd00:ec2::254 metadata included)
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** Names that are internal whatever they resolve to. */
const INTERNAL_NAMES = /(^|\.)(localhost|internal|local|localdomain|home\.arpa)$/i;

/** True when `address` (an IP literal) is one a hook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const refused = (field: boolean, key: string) =>
  field ? fieldError(["url"], key) : new AppError("VALIDATION", key);

/**
 * The address to connect to for `url`: resolved, each answer checked. Throws a 422 on `url`
 * (`webhooks.privateAddress`, `webhooks.unresolvable`) when refused.
 */
export async function resolveHookAddress(
  url: string,
  allowPrivate: boolean,
  field = true,
): Promise<ResolvedAddress> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let answers: ResolvedAddress[];
  if (literal) answers = [{ address: host, family: literal as 4 | 6 }];
  else {
    if (!allowPrivate && INTERNAL_NAMES.test(host)) throw refused(field, "webhooks.privateAddress");
    try {
      answers = (await lookup(host, { all: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
    } catch {
      throw refused(field, "webhooks.unresolvable");
    }
    if (answers.length === 0) throw refused(field, "webhooks.unresolvable");
  }
  if (!allowPrivate && answers.some((a) => isPrivateAddress(a.address)))
    throw refused(field, "webhooks.privateAddress");
  return answers[0]!;
}
