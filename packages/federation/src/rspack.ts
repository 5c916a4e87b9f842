import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, type RspackPluginInstance, rspack, type Stats } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import {
  CHART_CHUNK,
  FIRST_SCREEN_FILES,
  firstScreenRoute,
  STARTUP_CHUNK_GROUPS,
  STARTUP_FILES,
} from './chunks.ts';
import { REMOTES, type RemoteName, SHELL_PORT } from './remotes.ts';
import { remotesManifest, runtimeConfigScript } from './runtime-config.ts';
import { createSharedConfig } from './shared.ts';

export type BuildMode = 'development' | 'production';

interface CommonOptions {
  /** The app's folder (holds `src/`, and the shell's `index.html`; builds to `dist/`). */
  root: string;
  mode: BuildMode;
}

/**
 * What `@leadmesh/schema` is in a browser build: its constants (no zod, no drizzle). The package's
 * root also exports the call contracts, whose payload schemas are derived from the drizzle tables
 * (drizzle-zod), so importing any value from the root put drizzle-orm, drizzle-zod, zod and every
 * table definition into the page (about 60 KB gzip per app). The root re-exports these very
 * modules, so the alias changes which module a name comes from, never what it is; a browser file
 * that imports a name the constants lack fails the build (`exportsPresence: 'error'` below) instead
 * of getting undefined. Types are erased by swc and still come from the whole package.
 */
export const BROWSER_SCHEMA_ENTRY = fileURLToPath(
  new URL('../../schema/src/constants/index.ts', import.meta.url),
);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing, and the size under which compression saves nothing worth a request header. */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Production builds emit `<file>.br` and `<file>.gz` beside every script, stylesheet, page,
 * manifest and SVG, so the static server sends them precompressed (brotli at its best level, gzip
 * at 9) without compressing on each request. Runs after Module Federation wrote mf-manifest.json.
 */
export function precompressAssets(): RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('leadmesh-precompress', (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          { name: 'leadmesh-precompress', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
          async () => {
            const { RawSource } = compiler.rspack.sources;
            const work = compilation
              .getAssets()
              .filter((asset) => COMPRESSIBLE.test(asset.name) && asset.source.size() >= MIN_COMPRESS_BYTES)
              .map(async (asset) => {
                const input = asset.source.buffer();
                const [br, gz] = await Promise.all([
                  brotliAsync(input, {
                    params: {
                      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                      [zlib.BROTLI_PARAM_SIZE_HINT]: input.length,
                    },
                  }),
                  gzipAsync(input, { level: 9 }),
                ]);
                compilation.emitAsset(`${asset.name}.br`, new RawSource(br));
                compilation.emitAsset(`${asset.name}.gz`, new RawSource(gz));
              });
            await Promise.all(work);
          },
        );
      });
    },
  };
}

/** Emits the default `remotes.json` and `config.js` beside the shell's index.html. */
function shellRuntimeFiles(): RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('leadmesh-runtime-files', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'leadmesh-runtime-files', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            const { RawSource } = compiler.rspack.sources;
            compilation.emitAsset(
              'remotes.json',
              new RawSource(`${JSON.stringify(remotesManifest(), null, 2)}\n`),
            );
            const apiUrl = process.env.API_URL ?? 'http://localhost:5000';
            compilation.emitAsset(
              'config.js',
              new RawSource(runtimeConfigScript({ apiUrl, remotes: remotesManifest() })),
            );
          },
        );
      });
    },
  };
}

/** The JavaScript files of each named chunk group of a finished build, by its name. */
function namedGroupFiles(stats: Stats): Record<string, string[]> {
  const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true });
  return Object.fromEntries(
    Object.entries(namedChunkGroups).map(([name, group]) => [
      name,
      (group.assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js')),
    ]),
  );
}

/**
 * Writes `startup-files.json`: the JavaScript files the shell runs at startup (`import('./bootstrap')`
 * and the shared singletons its federation manifest lists) and those of its dashboard layout, so the
 * shell's server can have a session's dashboard page fetch them with the shell's entry instead of
 * after it has run (issue 19: they were the second and third steps of the first screen).
 */
function shellStartupFiles(): RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.done.tapPromise('leadmesh-startup-files', async (stats) => {
        // Module Federation builds each shared fallback with a compiler of its own: not the shell.
        const manifestFile = path.join(compiler.outputPath, 'mf-manifest.json');
        if (!existsSync(manifestFile)) return;
        const groups = namedGroupFiles(stats);
        const filesOf = (group: string) => groups[group] ?? [];
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
          shared: { assets: { js: { sync: string[] } } }[];
        };
        const files = {
          startup: [
            ...filesOf(STARTUP_CHUNK_GROUPS.startup),
            ...manifest.shared.flatMap((s) => s.assets.js.sync),
          ],
          dashboardLayout: filesOf(STARTUP_CHUNK_GROUPS.dashboardLayout),
        };
        await writeFile(path.join(compiler.outputPath, STARTUP_FILES), `${JSON.stringify(files, null, 2)}\n`);
      });
    },
  };
}

/**
 * Writes a remote's `first-screens.json` (`FIRST_SCREEN_FILES`): the files of each of its first
 * screens' chunks by route (`firstScreenRoute`), so the shell's server can have a session's page on
 * that route fetch them with `./App` (decision 0092).
 */
function remoteFirstScreenFiles(): RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.done.tapPromise('leadmesh-first-screen-files', async (stats) => {
        // Module Federation builds each shared fallback with a compiler of its own: not the remote.
        if (!existsSync(path.join(compiler.outputPath, 'mf-manifest.json'))) return;
        const files: Record<string, string[]> = {};
        for (const [group, groupFiles] of Object.entries(namedGroupFiles(stats))) {
          const route = firstScreenRoute(group);
          if (route !== null) files[route] = groupFiles;
        }
        await writeFile(
          path.join(compiler.outputPath, FIRST_SCREEN_FILES),
          `${JSON.stringify(files, null, 2)}\n`,
        );
      });
    },
  };
}

function baseConfig({ root, mode }: CommonOptions, port: number, publicPath: string): Configuration {
  const dev = mode === 'development';
  return {
    mode,
    context: root,
    entry: { main: './src/index.ts' },
    devtool: dev ? 'cheap-module-source-map' : false,
    output: {
      path: path.join(root, 'dist'),
      publicPath,
      clean: true,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: { '@leadmesh/schema$': BROWSER_SCHEMA_ENTRY },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
            },
          },
        },
        // Our own code: importing a name a module does not export is a build error, not undefined at
        // run time (this is what makes the `@leadmesh/schema` alias above safe).
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          parser: { exportsPresence: 'error' },
        },
        // The workspace packages' modules only declare things: an app that imports one component of
        // the UI kit bundles that component, not the whole kit (their package.json says nothing).
        {
          test: /[\\/]packages[\\/](ui|schema|crm|api-client|federation)[\\/]src[\\/]/,
          sideEffects: false,
        },
      ],
    },
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Trap 7: lazy compilation is on by default in `rspack serve` 2; keep dev close to production.
      lazyCompilation: false,
    } as Configuration['devServer'],
    lazyCompilation: false,
    performance: { hints: false },
    // In development, side-effects pruning drops `__exportAll` from Module Federation's runtime
    // ("require_runtime.__exportAll is not a function" on the dev page); production is unaffected.
    optimization: {
      ...(dev ? { sideEffects: false } : {}),
      splitChunks: {
        // The chart screens' lazy imports are named `charts` (webpackChunkName): that chunk is not
        // split, so the chart library and everything only it uses (lodash, d3, html2canvas: about
        // 410 KB gzip) arrive as one file with the first chart, and the page-weight bench counts
        // it apart by its name (CHART_CHUNK). Other async chunks split as by default.
        chunks: (chunk: { name?: string | null; canBeInitial(): boolean }) =>
          !chunk.canBeInitial() && chunk.name !== CHART_CHUNK,
      },
    },
  } as Configuration;
}

/**
 * Module Federation's runtime built for the browser only: without a target it carries its Node
 * script loader too (issue 19, decision 0068).
 */
const BROWSER_RUNTIME = { target: 'web' } as const;

/**
 * The shell's rspack config: no static remotes (trap 4: the shell registers them at run time from
 * `remotes.json`), the shared singletons, and `remotes.json` + `config.js` emitted beside index.html.
 */
export function createShellConfig(options: CommonOptions): Configuration {
  const config = baseConfig(options, SHELL_PORT, '/');
  config.plugins = [
    new rspack.HtmlRspackPlugin({
      template: path.join(options.root, 'index.html'),
      favicon: path.join(options.root, 'favicon.svg'),
    }),
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: createSharedConfig(),
      dts: false,
      // Its mf-manifest.json lists the shared singletons' files (`shellStartupFiles`).
      manifest: true,
      // The remotes use this runtime instead of carrying their own copy (35 KB gzip each).
      experiments: { provideExternalRuntime: true, optimization: BROWSER_RUNTIME },
    }),
    shellRuntimeFiles(),
    shellStartupFiles(),
    ...(options.mode === 'development' ? [new ReactRefreshRspackPlugin()] : [precompressAssets()]),
  ];
  return config;
}

/**
 * The page a remote runs on alone in development: the same for every remote but its title, so it
 * is generated here rather than kept as four copies of index.html. The bundle is injected by
 * HtmlRspackPlugin.
 */
function standalonePage(name: RemoteName): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${name} (standalone)</title>
    <style>html, body { margin: 0; font-family: system-ui, sans-serif; }</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * A remote's rspack config: federation `name` (mf_public, ...), its port, `exposes`, the shared
 * singletons, `remoteEntry.js` and `mf-manifest.json`. A generated `index.html`
 * (`standalonePage`) runs it alone in development (trap 6: the page only injects `main`).
 */
export function createRemoteConfig(
  options: CommonOptions & { name: RemoteName; exposes: Record<string, string> },
): Configuration {
  const { port } = REMOTES[options.name];
  const config = baseConfig(options, port, 'auto');
  config.output = { ...config.output, uniqueName: options.name };
  config.plugins = [
    // The standalone page is served at nested routes (/dashboard/...): load its script from '/'.
    new rspack.HtmlRspackPlugin({
      templateContent: standalonePage(options.name),
      chunks: ['main'],
      publicPath: '/',
    }),
    new ModuleFederationPlugin({
      name: options.name,
      filename: 'remoteEntry.js',
      exposes: options.exposes,
      shared: createSharedConfig(),
      dts: false,
      manifest: true,
      dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
      // In production a remote only runs inside the shell, whose runtime it uses (the shell sets
      // provideExternalRuntime). The standalone development page has no shell: it keeps its own.
      // A remote loads no other remote: the runtime's remote loading is left out of its entry.
      experiments:
        options.mode === 'production'
          ? { externalRuntime: true, optimization: { ...BROWSER_RUNTIME, disableRemote: true } }
          : {},
    }),
    ...(options.mode === 'development'
      ? [new ReactRefreshRspackPlugin()]
      : [precompressAssets(), remoteFirstScreenFiles()]),
  ];
  return config;
}

/** Reads the mode the rspack CLI passes (`--mode`, `rspack serve` → development). */
export function modeFrom(argv: { mode?: string } | undefined): BuildMode {
  const mode = argv?.mode ?? process.env.NODE_ENV;
  return mode === 'development' ? 'development' : 'production';
}
