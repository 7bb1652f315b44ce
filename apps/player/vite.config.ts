import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { routeBudget } from './scripts/route-budget.ts'

// In development the API server (port 8080) answers /api and serves the generated site images under /media.
const apiServer = 'http://localhost:8080'

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Issue 6 / spec §9: the login route must load with at most 150 KB of gzipped JS; the build fails beyond it.
    routeBudget({
      budgetKb: 150,
      routes: {
        '/login': 'src/app/routes/login-route.tsx',
        '/register': 'src/app/routes/register-route.tsx',
        '/': 'src/app/routes/home-route.tsx',
        '/withdraw': 'src/app/routes/withdraw-route.tsx',
        '/history': 'src/app/routes/history-route.tsx',
        '/referral': 'src/app/routes/referral-route.tsx',
      },
    }),
  ],
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
    },
  },
})
