/**
 * The package an installed file belongs to: the name after the last `node_modules` of its path
 * (`@scope/name` or `name`; pnpm's `node_modules/.pnpm/<name>@<version>/node_modules/<name>/` too).
 * Undefined for a file outside any node_modules.
 */
export function getInstalledPackage(file: string): string | undefined {
  return /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?![^]*[\\/]node_modules[\\/])/.exec(file)?.[1]?.replace('\\', '/');
}
