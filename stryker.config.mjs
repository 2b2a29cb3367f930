export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
}
