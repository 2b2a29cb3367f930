// `npm start` will launch the desktop app once its Electron shell exists; say so plainly until then.
console.error(
  'waymark: the desktop app is not built yet (it comes with the Electron shell).\n' +
    'Run the same app as a local server instead:  npm run serve  — then open the printed address.',
)
process.exit(1)
