export * from './rules.ts'
