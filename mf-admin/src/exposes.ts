/** What mf_admin exposes to the shell (checked against the shared contract in src/contract.ts). */
export const exposes = {
  './App': './src/App.tsx',
};
