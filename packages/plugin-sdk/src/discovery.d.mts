/** Types of discovery.mjs (plain JavaScript so the project scripts can run it before install). */

export interface OrgPluginPackage {
  orgId: number;
  packageName: string;
  /** Folder name under org-plugins/, also the URL segment /plugins/<folder>/. */
  folder: string;
  /** Workspace path relative to the repository root, e.g. 'org-plugins/org-850'. */
  workspace: string;
  /** Absolute path of the workspace folder. */
  dir: string;
  /** The rules module as written in package.json "exports", e.g. './src/index.ts'. */
  entry: string;
  /** Absolute path of the rules module. */
  entryFile: string;
  federationName: string;
  /** The browser-only UI module (package.json "cpq": { "ui": ... }), exposed as './ui'; null without one. */
  ui: string | null;
}

export declare const ORG_PLUGINS_FOLDER: string;
export declare const REPO_ROOT: string;
export declare function federationName(orgId: number): string;
export declare function readOrgPlugin(dir: string): OrgPluginPackage;
export declare function discoverOrgPlugins(root?: string): OrgPluginPackage[];
export declare function orgPluginMfOptions(dir: string): { name: string; dir: string; exposes: Record<string, string> };
