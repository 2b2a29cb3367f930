import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import './app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { Providers } from './app/Providers'
import { tokenStorage } from './api/tokenStorage'
import { i18nReady, loadAllTexts } from './i18n'
import { createAppRouter } from './app/router'
import { registerServiceWorker } from './serviceWorker'
import { loadConfig, loadSession } from './session/store'

// The stored session is checked before any page shows (the guard waits for it).
void loadConfig()
void loadSession()
// A stored session will most likely open a signed-in page: its texts come alongside the session check.
if (tokenStorage.get()) void loadAllTexts()
registerServiceWorker()

const router = createAppRouter()
const root = document.getElementById('root')
// A French or German page waits for its texts (one small chunk) rather than flashing English.
void i18nReady.then(() => {
  if (!root) return
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
})
