import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import './app.css'
import './i18n'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { Providers } from './app/Providers'
import { createAppRouter } from './app/router'
import { registerServiceWorker } from './serviceWorker'
import { loadConfig, loadSession } from './session/store'

// The stored session is checked before any page shows (the guard waits for it).
void loadConfig()
void loadSession()
registerServiceWorker()

const router = createAppRouter()
const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}
