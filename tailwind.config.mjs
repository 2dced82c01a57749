/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,html,js,jsx,ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef4ff', 100: '#dae6ff', 200: '#bcd3ff', 300: '#8eb6ff', 400: '#598dff',
          500: '#3366ff', 600: '#1f47f5', 700: '#1835e1', 800: '#1a2fb6', 900: '#1c2f8f', 950: '#161e57',
        },
      },
      spacing: { 72: '18rem' },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
  plugins: [],
};
