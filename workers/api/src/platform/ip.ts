/**
 * Client addresses, cut to the part that names a client. IPv6 subscribers usually get a whole /64
 * (often a /56 or /48) and may use any address in it, so a limit keyed by the full address is one
 * a client can step around by changing it.
 */

/** The eight 16-bit groups of an IPv6 address, lower case without leading zeros; null if it is not one. */
function ipv6Groups(ip: string): string[] | null {
  const halves = ip.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/** An IPv4 address as itself (also when written as IPv4-mapped IPv6); anything else null. */
function ipv4Of(ip: string): string | null {
  const match = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return match ? match[1]! : null;
}

/** The key a throttle counts by: an IPv4 address, or an IPv6 address's /64. */
export function throttleNetwork(ip: string): string {
  const v4 = ipv4Of(ip);
  if (v4) return v4;
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/** The IP as people should see it: IPv4 /24 or IPv6 /48, never the full address. */
export function coarseIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const v4 = ipv4Of(ip);
  if (v4) return v4.split(".").slice(0, 3).join(".") + ".0";
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 3).join(":")}::` : null;
}
