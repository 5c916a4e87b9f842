/** What mf_advertiser exposes to the shell (checked against the shared contract in src/contract.ts). */
export const exposes = {
  './App': './src/App.tsx',
};
