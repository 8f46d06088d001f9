export { startStaticServer, staticMiddleware, SiteFiles, isAllowedHost, parseRequestPath, type StaticServer } from './staticServer.js';
export { startDevServer, type DevServer, type DevServerEvent, type DevServerOptions } from './devServer.js';
