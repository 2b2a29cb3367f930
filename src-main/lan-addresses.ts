import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'

function isPrivate(address: string): boolean {
  return /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address)
}

/**
 * The URLs other devices on the network can open: non-internal IPv4 addresses (phones type and
 * scan these far more easily than IPv6), private ranges first, link-local ones left out.
 */
export function lanUrls(
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const addresses = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal && !entry.address.startsWith('169.254.'))
    .map((entry) => entry.address)
  const unique = [...new Set(addresses)]
  unique.sort((a, b) => Number(isPrivate(b)) - Number(isPrivate(a)))
  return unique.map((address) => `http://${address}:${port}/`)
}
