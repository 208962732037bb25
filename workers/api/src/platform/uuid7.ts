/**
 * UUIDv7: time-ordered ids (48-bit milliseconds, then a counter, then random bits), lower case,
 * so they match ID_PATTERN and sort in creation order. The ledger orders rows of one day by id,
 * which makes that order the order they were entered.
 */
let lastMs = 0;
let counter = 0;

export function uuid7(now = Date.now()): string {
  if (now <= lastMs) {
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
  } else {
    lastMs = now;
    counter = 0;
  }
  const ms = lastMs;
  const random = crypto.getRandomValues(new Uint8Array(9));
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  const timeHex = hex(ms, 12);
  const variant = (0x8 | (random[0]! & 0x3)).toString(16);
  const tail = [...random.slice(1)].map((b) => hex(b, 2)).join("");
  return `${timeHex.slice(0, 8)}-${timeHex.slice(8, 12)}-7${hex(counter, 3)}-${variant}${tail.slice(0, 3)}-${tail.slice(3, 15)}`;
}
