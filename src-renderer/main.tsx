// The whole sheet in development; the build keeps the base here and gives each screen its components' styles.
import '@mantine/core/styles.layer.css'
import './app.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { Providers } from './app/Providers'
import { tokenStorage } from './api/tokenStorage'
import { i18nReady, loadAllTexts } from './i18n'
import { AppRoutes, preloadPage } from './app/router'
import { registerServiceWorker } from './serviceWorker'
import { loadConfig, loadSession } from './session/store'

// The page's chunks (and, signed in, its data) come alongside the configuration and session,
// started first: the heatmap's worker has its own script to load before it asks for its answer.
preloadPage(window.location.pathname)
// The stored session is checked before any page shows (the guard waits for it).
void loadConfig()
void loadSession()
// A stored session will most likely open a signed-in page: its texts come alongside the session check.
if (tokenStorage.get()) void loadAllTexts()
registerServiceWorker()
const root = document.getElementById('root')
// A French or German page waits for its texts (one small chunk) rather than flashing English.
void i18nReady.then(() => {
  if (!root) return
  // A transition renders in slices, leaving the browser free between them (a phone's first render is its longest task).
  startTransition(() =>
    createRoot(root).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
    ),
  )
})
