import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src-server/**/*.test.ts', 'src-main/**/*.test.ts', 'scripts/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
