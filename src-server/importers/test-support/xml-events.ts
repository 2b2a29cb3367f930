import { XmlScanner, type XmlScanHandler } from '../xml/xml-scanner'

/**
 * The events the XML scanner reports for `chunks`, as strings: `<name k=v>`, `</name>` and `"text"`
 * (a text node's pieces joined). `handler` replaces any of the recording handler's members.
 */
export function scanEvents(chunks: readonly (string | Uint8Array)[], handler: Partial<XmlScanHandler> = {}): string[] {
  const out: string[] = []
  const scanner = new XmlScanner({
    wantsText: true,
    open: (name, attributes) => out.push(`<${name}${attributes.entries().map(([k, v]) => ` ${k}=${v}`).join('')}>`),
    close: (name) => out.push(`</${name}>`),
    text: (bytes, start, end) => {
      const text = Buffer.from(bytes.subarray(start, end)).toString('utf8')
      // Text may arrive in pieces; join consecutive pieces.
      const last = out.length - 1
      if (last >= 0 && out[last]?.startsWith('"')) out[last] = `${out[last]?.slice(0, -1) ?? ''}${text}"`
      else out.push(`"${text}"`)
    },
    ...handler,
  })
  for (const chunk of chunks) scanner.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  scanner.close()
  return out
}
