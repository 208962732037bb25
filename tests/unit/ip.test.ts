import { describe, expect, it } from "vitest";
import { coarseIp, throttleNetwork } from "../../workers/api/src/platform/ip";

describe("throttleNetwork", () => {
  it.each([
    ["198.51.100.20", "198.51.100.20"],
    ["::ffff:198.51.100.20", "198.51.100.20"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:0DB8:00aa:00bb:ffff::1", "2001:db8:aa:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
  ])("%s → %s", (ip, key) => {
    expect(throttleNetwork(ip)).toBe(key);
  });

  it("gives every address of one /64 the same key, and the next /64 another", () => {
    const keys = new Set(["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2:abcd::9"].map(throttleNetwork));
    expect(keys).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(throttleNetwork("2001:db8:1:3::1")).not.toBe("2001:db8:1:2::/64");
  });
});

describe("coarseIp", () => {
  it.each([
    ["198.51.100.20", "198.51.100.0"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa::"],
    ["2001:db8::1", "2001:db8:0::"],
    ["not an ip", null],
    [undefined, null],
  ])("%s → %s", (ip, shown) => {
    expect(coarseIp(ip)).toBe(shown);
  });
});
