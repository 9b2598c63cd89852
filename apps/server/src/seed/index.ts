export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
export { largeEmail, seedLarge, type LargeNetworkOptions } from './large.ts';
