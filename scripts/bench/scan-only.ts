import { readFileSync } from 'node:fs'
import { XmlScanner } from '../../src-server/importers/xml/xml-scanner'

/** Scanner throughput with a no-op handler (profiling aid): `scan-only.ts <file.xml>`. */
const data = readFileSync(process.argv[2] ?? '')
for (let run = 0; run < 5; run++) {
  const t0 = performance.now()
  const scanner = new XmlScanner({ wantsText: false, open: () => undefined, close: () => undefined, text: () => undefined })
  for (let at = 0; at < data.length; at += 1 << 20) scanner.write(data.subarray(at, at + (1 << 20)))
  scanner.close()
  console.log(`scan ${(performance.now() - t0).toFixed(1)} ms`)
}
