import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { lanUrls } from './lan-addresses'
import { qrCodeDataUrl } from './qr-code'

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo

describe('LAN addresses', () => {
  it('lists external IPv4 addresses, private ranges first, without loopback, link-local or IPv6', () => {
    const urls = lanUrls(5050, {
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      tun0: [entry('100.64.3.9', 'IPv4')],
      eth0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6')],
      wlan0: [entry('169.254.10.2', 'IPv4'), entry('10.0.0.7', 'IPv4'), entry('192.168.1.20', 'IPv4')],
    })
    expect(urls).toEqual(['http://192.168.1.20:5050/', 'http://10.0.0.7:5050/', 'http://100.64.3.9:5050/'])
  })

  it('is empty without a network', () => {
    expect(lanUrls(5050, { lo: [entry('127.0.0.1', 'IPv4', true)] })).toEqual([])
  })
})

describe('QR code', () => {
  it('is an SVG data URL that differs with the address', async () => {
    const first = await qrCodeDataUrl('http://192.168.1.20:5050/')
    const second = await qrCodeDataUrl('http://10.0.0.7:5050/')
    expect(first).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(first.split(',')[1] ?? '', 'base64').toString()
    expect(svg).toContain('<svg')
    expect(svg).toContain('<path')
    expect(second).not.toBe(first)
  })
})
