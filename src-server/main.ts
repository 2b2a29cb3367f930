import { restartWithServerV8Flags } from './v8-flags'

// Headless server entry: `node out/main/server.js [--port N] [--host H] [--data-dir D] [--database-url postgres://…]`.
restartWithServerV8Flags()
// Loaded only now: a process that replaces itself to take the flags has not loaded the server (~0.4 s of CPU).
void import('./headless')
