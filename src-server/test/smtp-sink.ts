import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message received by the loopback SMTP server. */
export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
}

/** A real SMTP server on loopback that keeps what it receives. */
export interface SmtpSink {
  readonly url: string
  readonly messages: ReceivedMail[]
  /** Resolves with the first message (already received or to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = []

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          }
          messages.push(mail)
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1)
              waiter.resolve(mail)
            }
          }
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching e-mail arrived')), timeoutMs)
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
