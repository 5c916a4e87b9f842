/** What mf_publisher exposes to the shell (checked against the shared contract in src/contract.ts). */
export const exposes = {
  './App': './src/App.tsx',
};
